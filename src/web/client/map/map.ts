// The map of a game (now, or at a phase), inlined so that its units and spaces can be clicked.
import { ApiError, get } from '../api.ts';
import { h, showError } from '../dom.ts';

export type MapAt = { gameId: string; seq?: number };

export async function mapInto(box: HTMLElement, at: MapAt): Promise<SVGSVGElement | null> {
  try {
    const svg = at.seq === undefined
      ? await get('/games/{gameId}/map.svg', { params: { gameId: at.gameId } })
      : await get('/games/{gameId}/phases/{seq}/map.svg', { params: { gameId: at.gameId, seq: at.seq } });
    box.innerHTML = svg;
    const el = box.querySelector('svg');
    // Units become buttons on the player's map: a picture (role img) may not hold controls.
    el?.setAttribute('role', 'group');
    // The box scrolls when zoomed: it must be reachable from the keyboard.
    box.setAttribute('tabindex', '0');
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', el?.querySelector('title')?.textContent ?? 'Map');
    return el;
  } catch (e) {
    box.replaceChildren(e instanceof ApiError && e.status === 404 ? h('p', { class: 'muted' }, e.message) : showError(e));
    return null;
  }
}
