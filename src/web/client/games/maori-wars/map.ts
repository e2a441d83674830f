// Maori Wars: tap one of your stacks, then a hex: the whole stack's moves there (or the attack on an
// enemy there), as offered, are added to the text box; ticks above the map leave units behind.
import { h, tellOnMap as tell } from '../../dom.ts';
import { cellAt, cellsOf } from '../../map/cells.ts';
import type { MaoriWarsView, OfferedAction } from '../../types.ts';

export function mwMapClicks(
  svg: SVGSVGElement,
  actions: OfferedAction[],
  text: HTMLTextAreaElement,
  view: Partial<MaoriWarsView> | null,
): void {
  const from = new Set(actions.flatMap((a) => a.from ?? []));
  let selected: string | null = null;
  // The units of the selected stack that move: all of them unless the player unticks some.
  const picker = h('fieldset', { class: 'mw-stack-pick', id: 'mw-stack-pick', hidden: true });
  document.getElementById('map-hint')?.after(picker);
  tell(
    'Tap one of your stacks on the map, then the hex it should move to, or an enemy hex to attack: the whole stack goes, and the order is added to the text box.',
  );
  const nameOf = (hex: string) => placeName(svg, hex) ?? `hex ${hex}`;
  /** Who a move moves: the words between MOVE and TO of its text, as the order reader reads them. */
  const mover = (a: OfferedAction) => /^MOVE (.+) TO /i.exec(a.text)?.[1] ?? a.text;
  /** The units of a stack that may move, by how the reader names them: units alike (three "warrior 0908") are one name each time. */
  // The options offer one move for units alike (same kind, place, state): the view counts them.
  const mine = (view?.units ?? []).filter((u) => u.side === view?.side);
  const alike = (hex: string, name: string) =>
    mine.filter(
      (u) => u.hex === hex && !u.leader && new RegExp(`^${u.disrupted ? 'disrupted ' : ''}${u.kind} `, 'i').test(name),
    ).length;
  const movers = (hex: string) => {
    const most = new Map<string, number>();
    const per = new Map<string, number>();
    for (const a of actions)
      if (a.kind === 'move' && a.from?.[0] === hex) {
        const k = `${mover(a)}\n${a.to}`;
        per.set(k, (per.get(k) ?? 0) + 1);
        most.set(mover(a), Math.max(most.get(mover(a)) ?? 0, per.get(k)!, alike(hex, mover(a))));
      }
    return [...most].flatMap(([m, n]) => Array.from({ length: n }, () => m));
  };
  const showPicker = (hex: string) => {
    const units = movers(hex);
    picker.hidden = units.length < 2;
    picker.replaceChildren(
      h('legend', {}, 'Units that move (untick those that stay)'),
      ...units.map((u, i) => {
        const box = h('input', { type: 'checkbox', id: `mw-mover-${i}`, 'data-mover': u, checked: true });
        return h('label', { for: `mw-mover-${i}` }, box, ` ${u}`);
      }),
    );
  };
  /** How many units of each name go. */
  const ticked = () => {
    const n = new Map<string, number>();
    for (const x of picker.querySelectorAll<HTMLInputElement>('input[data-mover]'))
      if (x.checked) n.set(x.dataset.mover!, (n.get(x.dataset.mover!) ?? 0) + 1);
    return n;
  };
  svg.querySelectorAll<SVGGElement>('g.stack[data-stack]').forEach((el) => {
    const hex = el.dataset.stack!;
    if (!from.has(hex)) return;
    el.classList.add('mine');
    el.setAttribute('tabindex', '0');
    el.setAttribute('role', 'button');
    const pick = () => {
      svg.querySelectorAll('g.stack.selected').forEach((x) => x.classList.remove('selected'));
      el.classList.add('selected');
      selected = hex;
      showPicker(hex);
      tell(`Selected: your stack at ${nameOf(hex)}. Now tap the hex it should move to, or an enemy hex to attack.`);
    };
    el.addEventListener('click', (e) => {
      e.stopPropagation();
      pick();
    });
    el.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') pick();
    });
  });
  svg.addEventListener('click', (e) => {
    const at = selected;
    if (!at) return;
    // A place's name, grown past its hex on a phone (zoom.ts legible), stands for the hex it names;
    // elsewhere the hex is the one under the tap.
    const named = document
      .elementsFromPoint(e.clientX, e.clientY)
      .find((x): x is SVGTextElement => x instanceof SVGTextElement && !!x.dataset.hex);
    const to = named?.dataset.hex ?? cellAt(svg, e.clientX, e.clientY)?.id;
    if (!to) return;
    const attack = actions.find((x) => x.kind === 'attack' && x.to === to && x.from?.includes(at));
    // A move: one line for each ticked unit of the stack that may go there, each the offered text itself.
    const going = picker.hidden ? null : ticked();
    const all = new Map(movers(at).map((m) => [m, movers(at).filter((x) => x === m).length]));
    const moves: OfferedAction[] = [];
    if (!attack)
      for (const x of actions) {
        if (x.kind !== 'move' || x.to !== to || x.from?.[0] !== at) continue;
        const m = mover(x);
        // Its line once for each unit of that name that goes (the reader takes the next one each time).
        const n = (going ?? all).get(m) ?? 0;
        const later = actions.filter(
          (y) =>
            y !== x &&
            y.kind === 'move' &&
            y.to === to &&
            y.from?.[0] === at &&
            mover(y) === m &&
            actions.indexOf(y) > actions.indexOf(x),
        ).length;
        const take = Math.max(0, n - later);
        for (let i = 0; i < take; i++) moves.push(x);
        (going ?? all).set(m, n - take);
      }
    const lines = attack ? [attack.text] : moves.map((x) => x.text);
    if (!lines.length) {
      tell(
        `Nothing of your stack at ${nameOf(at)} can move to or attack ${nameOf(to)}; pick another hex, or an order from the list.`,
      );
      return;
    }
    text.value = `${text.value.replace(/\n*$/, '')}${text.value.trim() ? '\n' : ''}${lines.join('\n')}`;
    text.closest('details')?.setAttribute('open', '');
    svg.querySelectorAll('g.stack.selected').forEach((x) => x.classList.remove('selected'));
    selected = null;
    picker.hidden = true;
    const left = movers(at).length - moves.length;
    tell(
      attack
        ? `Added: ${attack.text}. Tap your next stack, or send the text.`
        : `Added: ${lines.length === 1 ? lines[0] : `${lines.length} moves to ${nameOf(to)} (${moves.map(mover).join('; ')})`}${left > 0 ? `; ${left} ${left === 1 ? 'unit stays' : 'units stay'}` : ''}. Tap your next stack, or send the text.`,
    );
  });
}

/** The first part of a hex's name as the map carries it: its place ("Auckland"), or "hex 0101, ocean". */
const placeName = (svg: SVGSVGElement, hex: string) => cellsOf(svg)?.byId.get(hex)?.name.split(', hex ')[0];

/** A hex as people read it: its place's name and number, else its number. */
export function mwHexName(svg: SVGSVGElement | null, hex: string): string {
  const name = svg ? placeName(svg, hex) : undefined;
  return name && !name.startsWith('hex ') ? `${name} (${hex})` : `hex ${hex}`;
}

/** The reader's own stacks, marked for the map's first view to open around them (map/zoom.ts startView). */
export function mwOwnStacks(svg: SVGSVGElement, view: Partial<MaoriWarsView> | null, role: string): void {
  const hexes = new Set((view?.units ?? []).filter((u) => u.side === role && u.hex).map((u) => u.hex));
  for (const el of svg.querySelectorAll<SVGGElement>('g.stack[data-stack]'))
    if (hexes.has(el.dataset.stack!)) el.classList.add('own');
}
