import { allPhases, get, signedIn } from '../api.ts';
import { h, main } from '../dom.ts';
import { follow } from '../live.ts';
import { mapInto } from '../map/map.ts';
import { refresh } from '../refresh.ts';
import { signInNote } from './sign-in.ts';

export async function historyPage(id: string, seq?: number): Promise<void> {
  const g = await get('/games/{gameId}', { params: { gameId: id } });
  // A phase adjudicated (or rolled back) while the history is open: its pages and links are built again.
  follow(`/games/${id}/live`, (c) => { if (c.kinds.has('phase') || c.kinds.has('game') || c.kinds.has('resync')) void refresh(); });
  const phases = await allPhases(id);
  if (!phases.length) { main.replaceChildren(h('h1', {}, g.name), h('p', {}, 'No phase yet.')); return; }
  // Without a phase asked for: the newest with results (the open phase has none yet).
  const lastDone = phases.map((p) => !!p.report).lastIndexOf(true);
  const i = seq ? Math.max(0, phases.findIndex((p) => p.seq === seq)) : lastDone >= 0 ? lastDone : phases.length - 1;
  const p = phases[i]!;
  const before = phases[i - 1], after = phases[i + 1];
  const mapBox = h('div', { class: 'map' });
  main.replaceChildren(
    h('h1', {}, `${g.name}: ${p.label}`),
    h('nav', { class: 'row', 'aria-label': 'Phases' },
      before ? h('a', { href: `#/games/${id}/history/${before.seq}` }, `← ${before.label}`) : h('span', {}),
      h('a', { href: `#/games/${id}` }, 'Back to the game'),
      after ? h('a', { href: `#/games/${id}/history/${after.seq}` }, `${after.label} →`) : h('span', {})),
    signedIn() ? '' : signInNote(`/games/${id}`),
    h('div', { class: 'board' }, mapBox, h('section', { class: 'side' }, p.report ? h('pre', { class: 'report' }, p.report) : h('p', {}, 'Not adjudicated yet.'))),
  );
  await mapInto(mapBox, { gameId: id, seq: p.seq });
}
