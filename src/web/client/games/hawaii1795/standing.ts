// Hawaii 1795: the standing instructions in a drawer, closed by default. It shows each decision as in
// force now and, beside it, what the player has saved for this turn (applied when the turn is
// resolved, before anything in it), so a saved choice never reads "(default)". Common choices are
// buttons; any other instruction is a STANDING line.
import { get } from '../../api.ts';
import { h } from '../../dom.ts';
import { viewOf, type Game, type Hawaii1795View } from '../../types.ts';
import type { HandContext } from './hand.ts';

const isStanding = (t: string) => /^\s*stand(ing)?\b/i.test(t);

/** Which decisions of the list a saved instruction (as read: "STANDING war fleet: never") changes. */
function topics(reading: string): RegExp {
  const r = reading.replace(/^STANDING\s+/i, '').toLowerCase();
  if (r.startsWith('standing instructions back to the defaults')) return /./;
  // NEVER leaves the crew as it was; ALWAYS or STRONGER sets it too (WITH …, or back to the default).
  if (r.startsWith('war fleet')) return /with|crew/.test(r) ? /^War fleet/ : /^War fleet \(/;
  if (r.startsWith('fire')) return /^Fire order/;
  if (r.startsWith('losses')) return /^Losses/;
  if (r.startsWith('retreat')) return /^Retreat/;
  if (r.startsWith('earthworks')) return /^Hold the Line/;
  if (r.startsWith('breakoff')) return /^Break off/;
  if (r.startsWith('pursuit')) return /^Pursuit/;
  if (r.startsWith('major')) return /^Major/;
  return /^$/;
}

export function standingPanel(g: Game, ctx?: HandContext): Node | null {
  const first = drawer(g, ctx, false);
  if (!first || !ctx) return first;
  // Whatever was sent (these buttons, the turn, the text box), the drawer shows what is stored now.
  let shown = first;
  ctx.side?.addEventListener('orders-sent', async () => {
    const r = await get('/games/{gameId}/orders', { params: { gameId: g.id } }).catch(() => null);
    if (!r) return;
    ctx.stored = r.lines;
    const next = drawer(g, ctx, (shown as HTMLDetailsElement).open);
    if (next) {
      shown.replaceWith(next);
      shown = next;
    }
  });
  return first;
}

function drawer(g: Game, ctx: HandContext | undefined, open: boolean): HTMLElement | null {
  const view = viewOf<Hawaii1795View>(g);
  const lines: string[] | undefined = view?.standingInstructions?.[g.you.role ?? ''];
  if (!lines?.length) return null;
  const stored = ctx?.stored ?? [];
  const saved = stored.filter((l) => l.ok && isStanding(l.text));
  const others = stored.filter((l) => l.ok && !isStanding(l.text)).map((l) => l.text);
  // Saving sends the whole submission again: the turn lines stored with it are kept.
  const save = (line: string) => ctx?.send([...others, ...saved.map((l) => l.text), line]);
  const row = (l: string) => {
    const mine = saved.filter((s) => topics(s.reading ?? s.text).test(l));
    return h(
      'li',
      {},
      mine.length
        ? h(
            'span',
            {},
            h('strong', {}, `Saved: ${mine.map((s) => (s.reading ?? s.text).replace(/^STANDING\s+/i, '')).join('; ')}`),
            ' — in force when this turn is resolved. ',
            h('span', { class: 'muted' }, `Until then: ${l.replace(/ \((default|your instruction)\)$/, '')}.`),
          )
        : l,
    );
  };
  const hasEarthworks = lines.some((l) => l.startsWith('Hold the Line'));
  const button = (line: string, label: string, what: string) =>
    h(
      'button',
      { type: 'button', class: 'secondary', 'aria-label': `${what}: ${label}`, onclick: () => void save(line) },
      label,
    );
  const other = h('input', {
    type: 'text',
    id: 'standing-line',
    placeholder: 'STANDING RETREAT Hilo',
    'aria-describedby': 'standing-help',
  });
  return h(
    'details',
    { class: 'standing', id: 'standing', open },
    h(
      'summary',
      {},
      h('h2', {}, 'Your standing instructions'),
      saved.length ? ` (${saved.length} saved for this turn)` : '',
    ),
    h('ul', {}, ...lines.map(row)),
    saved.length
      ? h(
          'div',
          { class: 'saved' },
          h('p', {}, 'Saved for this turn:'),
          h('ul', { class: 'saved-lines' }, ...saved.map((s) => h('li', {}, s.reading ?? s.text))),
        )
      : null,
    h(
      'p',
      { class: 'muted' },
      "They decide for you in the middle of a turn (war fleets, losses, retreats, pursuit). Change one any time, even during the other side's turn: it applies when the current turn is resolved, before anything in it.",
    ),
    ctx
      ? h(
          'div',
          {},
          h('p', {}, 'War fleet against a sighted invasion:'),
          h(
            'div',
            { class: 'choices' },
            button('STANDING WARFLEET ALWAYS', 'Always', 'War fleet'),
            button('STANDING WARFLEET NEVER', 'Never', 'War fleet'),
            button('STANDING WARFLEET STRONGER', 'When stronger', 'War fleet'),
          ),
          hasEarthworks ? h('p', {}, 'Hold the Line earthworks when attacked:') : null,
          hasEarthworks
            ? h(
                'div',
                { class: 'choices' },
                button('STANDING EARTHWORKS ANY', 'In the first space attacked', 'Earthworks'),
                button('STANDING EARTHWORKS NONE', 'Never', 'Earthworks'),
              )
            : null,
          h(
            'div',
            { class: 'choices' },
            button('STANDING DEFAULT', 'All back to the defaults', 'Standing instructions'),
          ),
          h('label', { for: 'standing-line' }, 'Another instruction'),
          other,
          h(
            'button',
            {
              type: 'button',
              onclick: () => {
                if (other.value.trim()) void save(isStanding(other.value) ? other.value : `STANDING ${other.value}`);
              },
            },
            'Save this instruction',
          ),
        )
      : null,
    h('p', { id: 'standing-help', class: 'muted' }, h('code', {}, view?.standingHelp ?? 'STANDING …')),
  );
}
