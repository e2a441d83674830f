// Diplomacy orders by tapping the map: a unit selects it (a dislodged one in retreats); a space then
// picks that unit's move or retreat there; after a unit, another unit tapped is the one it supports
// or convoys. In adjustments a build site tapped offers its builds. The selection is shown beside the
// map with the unit's orders as buttons, Cancel, and "this unit instead": never a trap.
import { h, tellOnMap as tell } from '../../dom.ts';
import { zoomAround } from '../../map/zoom.ts';
import type { OrderOption, UnitOptions } from '../../types.ts';

/** The builds of an adjustment phase, kept by the orders panel. */
export interface BuildPicker {
  options: OrderOption[];
  left: () => number;
  add: (o: OrderOption) => void;
  /** Called by the panel when the builds placed change. */
  changed?: () => void;
}

// One Escape handler at a time: the page is rebuilt on every visit.
let onEscape: (e: KeyboardEvent) => void = () => {};

const prov = (w: string | undefined) => (w ?? '').split('/')[0]!;
const words = (o: OrderOption) => String(o.order).split(' ');
/** Where a move or retreat goes, or where a build stands. */
const dest = (o: OrderOption) => prov(o.kind === 'build' ? words(o)[2] : words(o)[3]);

export function diplomacyMapClicks(
  svg: SVGSVGElement,
  units: UnitOptions[],
  selects: Map<string, HTMLSelectElement>,
  // The orders are drawn again by the lists' change listener, which a tap fires too.
  _redraw: () => void,
  builds?: BuildPicker,
): void {
  const retreat = units.some((u) => u.orders.some((o) => o.kind === 'retreat'));
  // A build added (by a tap here or from the list) is unsent work too: said as a change of the form.
  if (builds) {
    const add = builds.add;
    builds.add = (o) => {
      add(o);
      document.getElementById('builds')?.dispatchEvent(new Event('change', { bubbles: true }));
    };
  }
  let selected: string | null = null;
  let other: string | null = null;
  const bar = h('div', { class: 'selection', id: 'selection', role: 'group', 'aria-label': 'Selection on the map' });
  // Below the map: a selection appearing above it would move the map under the finger.
  svg.parentElement?.after(bar);
  const unitEl = (loc: string) =>
    svg.querySelector<SVGGElement>(
      `g.unit${retreat ? '.dislodged' : ':not(.dislodged)'}[data-unit="${CSS.escape(loc)}"]`,
    );
  const nameOf = (loc: string) =>
    unitEl(loc)?.querySelector('title')?.textContent ??
    svg.querySelector(`g.unit[data-unit="${CSS.escape(loc)}"] title`)?.textContent ??
    loc;
  const spaceName = (space: string) =>
    (svg.querySelector(`path[data-space="${CSS.escape(space)}"] title`)?.textContent ?? space).split(' (')[0];
  const unitOf = (loc: string | null) => units.find((x) => x.unit === loc);
  // Build sites: marked on the map while a build is left to place, and never an invitation when none is.
  const sites = new Set((builds?.options ?? []).filter((o) => o.kind === 'build').map(dest));
  const markSites = () => {
    const open = builds!.left() > 0;
    for (const s of sites) {
      const p = svg.querySelector(`path[data-space="${CSS.escape(s)}"]`);
      p?.classList.add('build-site');
      p?.classList.toggle('buildable', open);
    }
    tell(
      open
        ? 'Tap a space marked for a build, or pick from the list of builds.'
        : 'No builds left to place: remove one from the list to build elsewhere.',
    );
  };
  if (builds?.options.length) {
    markSites();
    builds.changed = markSites;
  } else if (units.length)
    tell(
      retreat
        ? 'Tap your dislodged unit, then the space it retreats to.'
        : 'Tap one of your units on the map, then the space it should move to.',
    );

  const destinations = (u: UnitOptions | undefined) =>
    (u?.orders ?? []).filter((o) => o.kind === 'move' || o.kind === 'retreat');
  /** Destinations reachable by keyboard while a unit is selected. */
  const markDestinations = (spaces: string[]) => {
    svg.querySelectorAll('path.destination').forEach((p) => {
      p.classList.remove('destination');
      p.removeAttribute('tabindex');
      p.removeAttribute('role');
      p.removeAttribute('aria-label');
    });
    for (const s of spaces) {
      const p = svg.querySelector(`path[data-space="${CSS.escape(s)}"]`);
      if (!p) continue;
      p.classList.add('destination');
      p.setAttribute('tabindex', '0');
      p.setAttribute('role', 'button');
      p.setAttribute('aria-label', spaceName(s));
    }
  };
  const choose = (loc: string, o: OrderOption | null) => {
    const sel = selects.get(loc)!;
    sel.value = o?.text ?? '';
    // As if picked from the list: the page then knows the player has unsent orders, and keeps them
    // when something else in the game changes (a vote, a join) instead of building itself again.
    sel.dispatchEvent(new Event('change', { bubbles: true }));
    clear(`Order: ${o?.text ?? `${nameOf(loc)}: no order`}. Tap your next unit, or send these orders.`);
  };
  const orderButton = (label: string, onclick: () => void) =>
    h('button', { type: 'button', class: 'secondary', onclick }, label);
  const clear = (message?: string) => {
    svg.querySelectorAll('g.unit.selected').forEach((x) => x.classList.remove('selected'));
    selected = null;
    other = null;
    markDestinations([]);
    bar.replaceChildren();
    bar.classList.remove('active');
    if (message) tell(message);
  };
  const cancel = () =>
    orderButton('Cancel', () =>
      clear(retreat ? 'Cancelled. Tap your dislodged unit.' : 'Cancelled. Tap one of your units on the map.'),
    );
  const pick = (loc: string) => {
    svg.querySelectorAll('g.unit.selected').forEach((x) => x.classList.remove('selected'));
    unitEl(loc)?.classList.add('selected');
    selected = loc;
    other = null;
    const u = unitOf(loc)!;
    const to = destinations(u);
    markDestinations(to.map(dest));
    // In movement the moves (supports and convoys are picked on the map or from the list); elsewhere every order.
    const offered = retreat || !to.length ? u.orders : to;
    bar.replaceChildren(
      h('p', {}, h('strong', {}, `Selected: ${nameOf(loc)}`)),
      h(
        'div',
        { class: 'choices' },
        ...offered.map((o) => orderButton(o.text, () => choose(loc, o))),
        retreat ? null : orderButton('Hold', () => choose(loc, null)),
        cancel(),
      ),
    );
    bar.classList.add('active');
    tell(
      `Selected: ${nameOf(loc)}. ${to.length ? `Now tap where it should go: ${to.map((o) => spaceName(dest(o))).join(', ')}` : 'Pick its order beside the map'}. Or tap another of your units.`,
    );
  };
  const supportOf = (u: UnitOptions | undefined, at: string) =>
    (u?.orders ?? []).filter((o) => (o.kind === 'support' || o.kind === 'convoy') && prov(words(o)[4]) === prov(at));

  // After a unit, another unit: the one it supports or convoys; or, with "this unit instead", the next unit to order.
  svg.querySelectorAll<SVGGElement>('g.unit[data-unit]').forEach((el) => {
    const loc = el.dataset.unit!;
    el.addEventListener('click', (e) => {
      if (!selected || selected === loc || other) return;
      const u = unitOf(selected);
      const offers = supportOf(u, loc);
      if (!offers.length) return;
      e.stopImmediatePropagation();
      other = loc;
      const mine = selects.has(loc) && !!unitEl(loc);
      bar.replaceChildren(
        h(
          'p',
          {},
          h('strong', {}, `${nameOf(selected)} supports or convoys ${nameOf(loc)}`),
          ': tap where that unit goes (or the unit itself, to support it holding), or pick:',
        ),
        h(
          'div',
          { class: 'choices' },
          ...offers.map((o) => orderButton(o.text, () => choose(selected!, o))),
          mine
            ? h('button', { type: 'button', class: 'instead', onclick: () => pick(loc) }, `${nameOf(loc)} instead`)
            : null,
          cancel(),
        ),
      );
      tell(
        `${u!.type} ${u!.name} supports or convoys ${nameOf(loc)}: now tap where that unit goes (or the unit itself, to support it holding). Cancel or Escape cancels.`,
      );
    });
  });
  document.removeEventListener('keydown', onEscape);
  onEscape = (e) => {
    if (e.key === 'Escape' && selected) clear('Cancelled. Tap one of your units on the map.');
  };
  document.addEventListener('keydown', onEscape);
  for (const loc of selects.keys()) {
    const el = unitEl(loc);
    if (!el) continue;
    el.classList.add('mine');
    el.setAttribute('tabindex', '0');
    el.setAttribute('role', 'button');
    el.addEventListener('click', (e) => {
      if (other) return;
      e.stopPropagation();
      pick(loc);
    });
    el.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        pick(loc);
      }
    });
  }
  const onSpace = (space: string) => {
    if (!selected) {
      const offered = (builds?.options ?? []).filter((o) => o.kind === 'build' && dest(o) === space);
      if (!offered.length) return;
      if (builds!.left() <= 0) {
        tell('No builds left: remove one from the list to build here instead.');
        return;
      }
      if (offered.length === 1) {
        builds!.add(offered[0]!);
        return;
      }
      bar.replaceChildren(
        h('p', {}, h('strong', {}, `Build in ${spaceName(space)}`)),
        h(
          'div',
          { class: 'choices' },
          ...offered.map((o) =>
            orderButton(o.text, () => {
              builds!.add(o);
              clear();
            }),
          ),
          cancel(),
        ),
      );
      bar.classList.add('active');
      tell(`Which unit to build in ${spaceName(space)}?`);
      return;
    }
    const u = unitOf(selected);
    if (other) {
      // Only an order the options list: support of a move there, support holding, or a convoy there.
      const at = other;
      const o = supportOf(u, at).find((x) => (words(x).length > 5 ? prov(words(x)[6]) === space : prov(at) === space));
      if (!o) {
        tell(`${u?.type ?? ''} ${u?.name ?? 'That unit'} cannot support or convoy that; tap another space, or Cancel.`);
        return;
      }
      choose(selected, o);
      return;
    }
    const o = destinations(u).find((x) => dest(x) === space);
    if (!o) {
      tell(
        `${u?.type ?? ''} ${u?.name ?? 'That unit'} cannot ${retreat ? 'retreat' : 'move'} there; tap another space, or pick its order beside the map.`,
      );
      return;
    }
    choose(selected, o);
  };
  openNearMine(svg);
  // The space under the pointer, also where a name or another power's unit covers it.
  svg.addEventListener('click', (e) => {
    const hit = document
      .elementsFromPoint(e.clientX, e.clientY)
      .find((x): x is SVGPathElement => x instanceof SVGPathElement && !!x.dataset.space);
    if (hit) onSpace(hit.dataset.space!);
  });
  svg.addEventListener('keydown', (e) => {
    const t = e.target as Element;
    if ((e.key === 'Enter' || e.key === ' ') && t instanceof SVGPathElement && t.classList.contains('destination')) {
      e.preventDefault();
      onSpace(t.dataset.space!);
    }
  });
}

/**
 * On a phone, a map as tall as Europe opens zoomed in twice around the player's own units (or
 * build sites): at the whole map the names of the crowded west run into each other and its units
 * into its names. A flat map (Heiau) is opened zoomed by startView instead; "Whole map" shows all.
 */
function openNearMine(svg: SVGSVGElement): void {
  const box = svg.closest<HTMLElement>('.map');
  if (!box || box.clientWidth > 760 || box.classList.contains('zoomed')) return;
  if (svg.getBoundingClientRect().height < innerHeight / 3) return;
  const rects = () => [...svg.querySelectorAll('g.unit.mine, path.build-site')].map((u) => u.getBoundingClientRect());
  const mid = () => {
    const all = rects();
    return {
      x: (Math.min(...all.map((r) => r.left)) + Math.max(...all.map((r) => r.right))) / 2,
      y: (Math.min(...all.map((r) => r.top)) + Math.max(...all.map((r) => r.bottom))) / 2,
    };
  };
  if (!rects().length) return;
  zoomAround(box, 2, mid(), true);
  // Then the player's units in the middle of the box.
  const b = box.getBoundingClientRect();
  const m = mid();
  box.scrollLeft += m.x - (b.left + box.clientWidth / 2);
  box.scrollTop += m.y - (b.top + box.clientHeight / 2);
}
