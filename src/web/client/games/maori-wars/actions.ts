import { h, tellOnMap } from '../../dom.ts';
import type { MaoriWarsView, OfferedAction } from '../../types.ts';
import { mwHexName } from './map.ts';

const KIND_NAMES: Record<string, string> = {
  reinforce: 'Reinforcements',
  move: 'Moves',
  attack: 'Attacks',
  transport: 'Transport by boat',
  destroyCanoe: 'Destroy a Canoe',
  negotiate: 'Negotiations',
  leaderMove: 'Leader moves',
  ship: 'Sea shipment',
  sap: 'Sap Marker',
  bombard: 'Bombardment',
  carry: 'Carry a Canoe',
  raid: 'Raids from the Bush Raider Box',
  bushRaid: 'Raids in the Bush Raider Box',
  bushEnter: 'Into the Bush Raider Box',
  bushMove: 'Between territories',
  bushLeave: 'Out of the Bush Raider Box',
  build: 'Construction',
  repair: 'Repair',
  pass: 'Pass',
};

/** Maori Wars: the offered actions as lists, one for each of your stacks (its moves and attacks) and one for each other kind. */
export function mwActionLists(
  actions: OfferedAction[],
  svg: SVGSVGElement | null,
  text: HTMLTextAreaElement,
  view: Partial<MaoriWarsView> | null,
): Node {
  const groups = new Map<string, { label: string; list: OfferedAction[] }>();
  for (const a of actions) {
    const stack = (a.kind === 'move' || a.kind === 'attack') && a.from?.length ? a.from[0]! : null;
    const key = stack ? `stack:${stack}` : `kind:${a.kind}`;
    if (!groups.has(key)) {
      const units = stack
        ? (view?.units ?? [])
            .filter((u) => u.hex === stack && u.side === view?.side)
            .map((u) => `${u.leader ?? u.kind}${u.disrupted ? ' (Disrupted)' : ''}`)
        : [];
      groups.set(key, {
        label: stack
          ? `Your stack at ${mwHexName(svg, stack)}${units.length ? ` (${units.join(', ')})` : ''}`
          : (KIND_NAMES[a.kind] ?? a.kind[0]!.toUpperCase() + a.kind.slice(1)),
        list: [],
      });
    }
    groups.get(key)!.list.push(a);
  }
  const rows = [...groups].map(([key, gr], i) => {
    const sid = `mw-list-${i}`;
    const sel = h(
      'select',
      { id: sid, 'data-group': key },
      ...gr.list.map((a) => h('option', { value: a.text }, a.text)),
    );
    const add = () => {
      text.value = `${text.value.replace(/\n*$/, '')}${text.value.trim() ? '\n' : ''}${sel.value}`;
      text.closest('details')?.setAttribute('open', '');
      tellOnMap(`Added: ${sel.value}. Pick your next order, or send the text.`);
    };
    return h(
      'div',
      { class: 'order-row' },
      h('label', { for: sid }, gr.label),
      h(
        'div',
        { class: 'row mw-pick' },
        sel,
        h(
          'button',
          { type: 'button', class: 'secondary', 'aria-label': `Add to the text: ${gr.label}`, onclick: add },
          'Add',
        ),
      ),
    );
  });
  return h(
    'section',
    { class: 'mw-actions', 'aria-labelledby': 'mw-actions-title' },
    h('h3', { id: 'mw-actions-title' }, 'Offered orders'),
    h(
      'p',
      { class: 'muted' },
      'Pick an order from a list and add it to the text below (each line is read after the ones before it), then send the text.',
    ),
    h('div', { class: 'orders' }, ...rows),
  );
}
