import { allPhases, get, signedIn } from '../api.ts';
import { h, main } from '../dom.ts';
import { openingOf } from '../games/aloha/board.ts';
import { follow } from '../live.ts';
import { mapInto } from '../map/map.ts';
import { legible, startView, zoomControls } from '../map/zoom.ts';
import { refresh } from '../refresh.ts';
import { signInNote } from './sign-in.ts';

/**
 * Every phase with its map and results. A slider over the phases (arrow keys step one phase,
 * Home/End the first and last; tapping or dragging on a phone) shows a phase in place, keeping
 * the focus on the slider; the address follows so a phase can be linked.
 */
export async function historyPage(id: string, seq?: number): Promise<void> {
  const g = await get('/games/{gameId}', { params: { gameId: id } });
  // A phase adjudicated (or rolled back) while the history is open: its pages and links are built again.
  const phases = await allPhases(id);
  // Only when the phases differ from those shown: a late or repeated event (a stream's resync) must
  // not rebuild the page under the reader's slider.
  const signature = (ps: { seq: number; status: string }[]) => ps.map((p) => `${p.seq}:${p.status}`).join(',');
  follow(`/games/${id}/live`, (c) => {
    if (!(c.kinds.has('phase') || c.kinds.has('game') || c.kinds.has('resync'))) return;
    void allPhases(id).then(
      (ps) => {
        if (signature(ps) !== signature(phases)) void refresh();
      },
      () => void refresh(),
    );
  });
  if (!phases.length) {
    main.replaceChildren(h('h1', {}, g.name), h('p', {}, 'No phase yet.'));
    return;
  }
  // Without a phase asked for: the newest with results (the open phase has none yet).
  const lastDone = phases.map((p) => !!p.report).lastIndexOf(true);
  const start = seq
    ? Math.max(
        0,
        phases.findIndex((p) => p.seq === seq),
      )
    : lastDone >= 0
      ? lastDone
      : phases.length - 1;
  const title = h('h1', {});
  const slider = h('input', {
    type: 'range',
    id: 'phase-slider',
    min: '0',
    max: String(phases.length - 1),
    step: '1',
    value: String(start),
  });
  const label = h('label', { for: 'phase-slider', id: 'phase-label' });
  const back = h(
    'button',
    { type: 'button', class: 'secondary', 'aria-label': 'Previous phase', onclick: () => step(-1) },
    '←',
  );
  const fwd = h(
    'button',
    { type: 'button', class: 'secondary', 'aria-label': 'Next phase', onclick: () => step(1) },
    '→',
  );
  const mapBox = h('div', { class: 'map' });
  const side = h('section', { class: 'side' });
  main.replaceChildren(
    title,
    h(
      'nav',
      { class: 'row game-nav', 'aria-label': 'Game' },
      h('a', { href: `#/games/${id}` }, 'Back to the game'),
      h('a', { href: `#/games/${id}/press` }, 'Press'),
    ),
    h(
      'div',
      { class: 'phase-slider' },
      label,
      slider,
      h('div', { class: 'row' }, back, h('span', { class: 'muted' }, `${phases.length} phases`), fwd),
    ),
    signedIn() ? '' : signInNote(`/games/${id}`),
    h('div', { class: 'board' }, h('div', { class: 'map-wrap' }, mapBox), side),
  );
  let showing = -1;
  async function show(i: number): Promise<void> {
    if (i === showing) return;
    showing = i;
    const p = phases[i]!;
    title.textContent = `${g.name}: ${p.label}`;
    label.textContent = `Phase ${i + 1} of ${phases.length}: ${p.label}`;
    slider.setAttribute('aria-valuetext', p.label);
    back.disabled = i === 0;
    fwd.disabled = i === phases.length - 1;
    side.replaceChildren(p.report ? h('pre', { class: 'report' }, p.report) : h('p', {}, 'Not adjudicated yet.'));
    // The address names the phase without building the page again (no hashchange).
    history.replaceState(null, '', `#/games/${id}/history/${p.seq}`);
    wanted = p.seq;
    drawing ??= draw().finally(() => {
      drawing = null;
    });
    await drawing;
  }
  // One map at a time, always the newest asked for: quick steps never leave an older map showing.
  let wanted = 0;
  let drawing: Promise<void> | null = null;
  // The same zoom as the game's map (names and units legible on a phone, pinch, buttons), set up
  // with the first map and kept from phase to phase: stepping keeps the reader's place.
  let zoom: Node | null = null;
  async function draw(): Promise<void> {
    while (mapBox.dataset.seq !== String(wanted)) {
      const s = wanted;
      const svg = await mapInto(mapBox, { gameId: id, seq: s });
      mapBox.dataset.seq = String(s);
      if (!svg) continue;
      if (!zoom) {
        zoom = zoomControls(mapBox);
        mapBox.parentElement!.prepend(zoom);
        startView(mapBox, openingOf(g, svg));
      } else legible(svg);
    }
  }
  function step(d: number): void {
    const i = Math.min(phases.length - 1, Math.max(0, Number(slider.value) + d));
    slider.value = String(i);
    void show(i);
  }
  slider.addEventListener('input', () => void show(Number(slider.value)));
  await show(start);
}
