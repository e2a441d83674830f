// How the judge read each line of a submission, and what a refused submission leaves in force.
import { ApiError, type ReadLine } from '../api.ts';
import { h } from '../dom.ts';

export function readingsList(lines: ReadLine[]): HTMLElement {
  return h(
    'ol',
    { class: 'readings' },
    ...lines.map((l) =>
      h('li', { class: l.ok ? 'ok' : 'error' }, `${l.text} — ${l.ok ? `read as ${l.reading}` : l.error}`),
    ),
  );
}

function isReadLine(x: unknown): x is ReadLine {
  return (
    !!x && typeof x === 'object' && typeof (x as ReadLine).text === 'string' && typeof (x as ReadLine).ok === 'boolean'
  );
}

/** The lines of a submission the judge refused (422): each with its reading or its error. */
export function refusedLines(e: unknown): ReadLine[] | null {
  if (!(e instanceof ApiError) || e.status !== 422) return null;
  const lines = e.problem.lines;
  return Array.isArray(lines) && lines.every(isReadLine) ? lines : null;
}

/** What stays in force after a refusal: the stored orders, unchanged. */
export function inForce(stored: ReadLine[] | null): HTMLElement {
  const kept = (stored ?? []).filter((l) => l.ok);
  return kept.length
    ? h(
        'div',
        { class: 'in-force' },
        h('p', {}, 'Your orders in force are unchanged:'),
        h('ul', {}, ...kept.map((l) => h('li', {}, l.reading ?? l.text))),
      )
    : h('p', { class: 'in-force' }, 'You have no orders in force for this phase.');
}
