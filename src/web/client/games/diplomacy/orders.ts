// Diplomacy orders by clicking the map: a unit selects its list; a space then picks that unit's move
// there; after a unit, another unit clicked is the one it supports or convoys.
import { tellOnMap as tell } from '../../dom.ts';
import type { OrderOption, UnitOptions } from '../../types.ts';

// One Escape handler at a time: the page is rebuilt on every visit.
let onEscape: (e: KeyboardEvent) => void = () => {};

export function diplomacyMapClicks(svg: SVGSVGElement, units: UnitOptions[], selects: Map<string, HTMLSelectElement>, redraw: () => void): void {
  let selected: string | null = null;
  if (units.length) tell('Click one of your units on the map, then the space it should move to.');
  let other: string | null = null;
  const prov = (w: string | undefined) => (w ?? '').split('/')[0]!;
  const words = (o: OrderOption) => String(o.order).split(' ');
  svg.querySelectorAll<SVGGElement>('g.unit[data-unit]').forEach((el) => {
    const loc = el.dataset.unit!;
    el.addEventListener('click', (e) => {
      if (!selected || selected === loc || other) return;
      const u = units.find((x) => x.unit === selected);
      if (!u || !u.orders.some((o) => (o.kind === 'support' || o.kind === 'convoy') && prov(words(o)[4]) === prov(loc))) return;
      e.stopImmediatePropagation();
      other = loc;
      tell(`${u.type} ${u.name} supports or convoys ${el.querySelector('title')?.textContent ?? loc}: now click where that unit goes (or the unit itself, to support it holding). Escape cancels.`);
    });
  });
  document.removeEventListener('keydown', onEscape);
  onEscape = (e) => {
    if (e.key !== 'Escape' || !selected) return;
    svg.querySelectorAll('g.unit.selected').forEach((x) => x.classList.remove('selected'));
    selected = null; other = null;
    tell('Cancelled. Click one of your units on the map.');
  };
  document.addEventListener('keydown', onEscape);
  svg.querySelectorAll<SVGGElement>('g.unit[data-unit]').forEach((el) => {
    const loc = el.dataset.unit!;
    if (!selects.has(loc)) return;
    el.classList.add('mine');
    el.setAttribute('tabindex', '0');
    el.setAttribute('role', 'button');
    const pick = () => {
      svg.querySelectorAll('g.unit.selected').forEach((x) => x.classList.remove('selected'));
      el.classList.add('selected');
      selected = loc;
      const u = units.find((x) => x.unit === loc);
      const to = (u?.orders ?? []).filter((o) => o.kind === 'move').map((o) => String(o.text).split(' - ')[1]);
      tell(`Selected: ${el.querySelector('title')?.textContent ?? loc}. ${to.length ? `Now click where it should go: ${to.join(', ')}` : 'It cannot move; pick its order from the list'}. Or click another of your units.`);
    };
    el.addEventListener('click', (e) => { if (other) return; e.stopPropagation(); pick(); });
    el.addEventListener('keydown', (e) => { if (e.key === 'Enter') pick(); });
  });
  // The space under the pointer, also where a name or another power's unit covers it.
  svg.addEventListener('click', (e) => {
    if (!selected) return;
    const hit = document.elementsFromPoint(e.clientX, e.clientY).find((x): x is SVGPathElement => x instanceof SVGPathElement && !!x.dataset.space);
    if (!hit) return;
    const space = hit.dataset.space!;
    const u = units.find((x) => x.unit === selected);
    if (other) {
      // Only an order the options list: support of a move there, support holding, or a convoy there.
      const at = other;
      const pickedOrder = u?.orders.find((o) => (o.kind === 'support' || o.kind === 'convoy') && prov(words(o)[4]) === prov(at)
        && (words(o).length > 5 ? prov(words(o)[6]) === space : prov(at) === space));
      if (!pickedOrder) { tell(`${u?.type ?? ''} ${u?.name ?? 'That unit'} cannot support or convoy that; click another space, or Escape.`); return; }
      selects.get(selected)!.value = pickedOrder.text;
      redraw();
      svg.querySelectorAll('g.unit.selected').forEach((x) => x.classList.remove('selected'));
      selected = null; other = null;
      tell(`Order: ${pickedOrder.text}. Click your next unit, or send these orders.`);
      return;
    }
    const move = u?.orders.find((o) => o.kind === 'move' && (o.order.split(' ')[3] ?? '').split('/')[0] === space);
    if (!move) { tell(`${u?.type ?? ''} ${u?.name ?? 'That unit'} cannot move there; pick another space, or its order from the list.`); return; }
    selects.get(selected)!.value = move.text;
    redraw();
    svg.querySelectorAll('g.unit.selected').forEach((x) => x.classList.remove('selected'));
    selected = null;
    tell(`Order: ${move.text}. Click your next unit, or send these orders.`);
  });
}
