// The map of a game (now, or at a phase), inlined so that its units and spaces can be clicked.
import { ApiError, get } from '../api.ts';
import { h, showError } from '../dom.ts';
import { inertSvg } from './inert.ts';

export type MapAt = { gameId: string; seq?: number };
/** A hex map's numbers are drawn by the page, those in view (map/hex-numbers.ts). */
const LATER = { hexNumbers: 'false' } as const;
/** The map's address as mapInto asks for it (the router asks for it early). */
export const mapUrl = (gameId: string) => `/games/${gameId}/map.svg?${new URLSearchParams(LATER)}`;

export async function mapInto(box: HTMLElement, at: MapAt): Promise<SVGSVGElement | null> {
  try {
    const svg =
      at.seq === undefined
        ? await get('/games/{gameId}/map.svg', { params: { gameId: at.gameId }, query: LATER })
        : await get('/games/{gameId}/phases/{seq}/map.svg', {
            params: { gameId: at.gameId, seq: at.seq },
            query: LATER,
          });
    const drawn = inertSvg(svg);
    if (!drawn) throw new Error('The map could not be read.');
    box.replaceChildren(drawn);
    const el = box.querySelector('svg');
    // Units become buttons on the player's map: a picture (role img) may not hold controls.
    el?.setAttribute('role', 'group');
    // The box scrolls when zoomed: it must be reachable from the keyboard.
    box.setAttribute('tabindex', '0');
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', el?.querySelector('title')?.textContent ?? 'Map');
    if (el) keyUnder(box, el);
    return el;
  } catch (e) {
    box.replaceChildren(
      e instanceof ApiError && e.status === 404 ? h('p', { class: 'muted' }, e.message) : showError(e),
    );
    return null;
  }
}

/**
 * The key drawn below the map (each side's colour, letter and name, and notes) becomes a list under
 * the map's box: drawn in the map it shrinks with it (3 px letters on a phone) and scrolls away
 * when zoomed. The drawing is cut to the map itself.
 */
function keyUnder(box: HTMLElement, svg: SVGSVGElement): void {
  const legend = svg.querySelector('g.legend');
  const sea = svg.querySelector(':scope > rect');
  const vb = svg.viewBox.baseVal;
  if (!legend || !sea || !vb?.height) return;
  const bottom = Number(sea.getAttribute('y')) + Number(sea.getAttribute('height'));
  if (!(bottom > vb.y && bottom < vb.y + vb.height)) return;
  const below = (el: Element) => Number(el.getAttribute('y')) >= bottom;
  const items: HTMLElement[] = [];
  for (const r of [...legend.querySelectorAll(':scope > rect')].filter(below)) {
    const letter = r.nextElementSibling?.localName === 'text' ? r.nextElementSibling : null;
    const name = letter?.nextElementSibling?.localName === 'text' ? letter.nextElementSibling : null;
    const fill = r.getAttribute('fill') ?? '';
    // The letter beside the colour, not on it: dark colours would leave it unreadable.
    items.push(
      h(
        'li',
        {},
        h('span', {
          class: 'swatch',
          'aria-hidden': 'true',
          style: /^#[0-9a-f]{3,8}$/i.test(fill) ? `background:${fill}` : '',
        }),
        h('strong', {}, letter?.textContent ?? ''),
        ` ${name?.textContent ?? ''}`,
      ),
    );
    for (const x of [r, letter, name]) x?.remove();
  }
  const notes = [...legend.querySelectorAll(':scope > text')].filter(below);
  for (const n of notes) n.remove();
  svg.setAttribute('viewBox', `${vb.x} ${vb.y} ${vb.width} ${bottom - vb.y}`);
  let wrap = box.parentElement;
  if (!wrap?.classList.contains('map-wrap')) {
    wrap = h('div', { class: 'map-wrap' });
    box.replaceWith(wrap);
    wrap.append(box);
  }
  wrap.querySelector(':scope > .map-key')?.remove();
  wrap.append(
    h(
      'div',
      { class: 'map-key' },
      items.length ? h('ul', { 'aria-label': 'Key' }, ...items) : '',
      ...notes.map((n) => h('p', { class: 'muted' }, n.textContent ?? '')),
    ),
  );
}
