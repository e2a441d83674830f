// The map of a game (now, or at a phase), inlined so that its units and spaces can be clicked.
import { ApiError, get } from '../api.ts';
import { h, showError } from '../dom.ts';

export type MapAt = { gameId: string; seq?: number };

export async function mapInto(box: HTMLElement, at: MapAt): Promise<SVGSVGElement | null> {
  try {
    const svg = at.seq === undefined
      ? await get('/games/{gameId}/map.svg', { params: { gameId: at.gameId } })
      : await get('/games/{gameId}/phases/{seq}/map.svg', { params: { gameId: at.gameId, seq: at.seq } });
    // Read as an inert XML document and kept to drawing only (no script, no handler, no script
    // link) before it joins the page: the map's data may come from a moderator.
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    if (doc.documentElement.localName !== 'svg') throw new Error('The map could not be read.');
    for (const x of [...doc.querySelectorAll('script, foreignObject, iframe, object, embed')]) x.remove();
    for (const x of [...doc.querySelectorAll('*')]) {
      for (const a of [...x.attributes]) if (/^on/i.test(a.name) || (/href$/i.test(a.name) && !/^#/.test(a.value.trim()))) x.removeAttribute(a.name);
    }
    box.replaceChildren(document.importNode(doc.documentElement, true));
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
