import { h, say } from '../dom.ts';

/** Zoom for the map (pan by scrolling or dragging with a finger: the box scrolls). */
export function zoomControls(box: HTMLElement): Node {
  let zoom = 1;
  const set = (z: number) => {
    zoom = Math.min(4, Math.max(1, z));
    box.style.setProperty('--zoom', String(zoom));
    box.classList.toggle('zoomed', zoom > 1);
    say(`Map zoom ${Math.round(zoom * 100)} %`);
  };
  return h('div', { class: 'zoom', role: 'group', 'aria-label': 'Map zoom' },
    h('button', { type: 'button', class: 'secondary', 'aria-label': 'Zoom in', onclick: () => set(zoom * 1.5) }, '+'),
    h('button', { type: 'button', class: 'secondary', 'aria-label': 'Zoom out', onclick: () => set(zoom / 1.5) }, '−'),
    h('button', { type: 'button', class: 'secondary', onclick: () => set(1) }, 'Whole map'));
}
