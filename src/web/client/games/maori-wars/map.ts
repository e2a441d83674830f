// Maori Wars: tap one of your stacks, then a hex: the whole stack's moves there (or the attack on an
// enemy there), as offered, are added to the text box; ticks above the map leave units behind.
import { h, tellOnMap as tell } from '../../dom.ts';
import type { OfferedAction } from '../../types.ts';

export function mwMapClicks(svg: SVGSVGElement, actions: OfferedAction[], text: HTMLTextAreaElement): void {
  const from = new Set(actions.flatMap((a) => a.from ?? []));
  let selected: string | null = null;
  // The units of the selected stack that move: all of them unless the player unticks some.
  const picker = h('fieldset', { class: 'mw-stack-pick', id: 'mw-stack-pick', hidden: true });
  document.getElementById('map-hint')?.after(picker);
  tell('Tap one of your stacks on the map, then the hex it should move to, or an enemy hex to attack: the whole stack goes, and the order is added to the text box.');
  const nameOf = (hex: string) => svg.querySelector(`path.hex[data-hex="${hex}"]`)?.getAttribute('aria-label')?.split(', hex ')[0] ?? `hex ${hex}`;
  /** Who a move moves: the words between MOVE and TO of its text, as the order reader reads them. */
  const mover = (a: OfferedAction) => /^MOVE (.+) TO /i.exec(a.text)?.[1] ?? a.text;
  const movers = (hex: string) => [...new Set(actions.filter((a) => a.kind === 'move' && a.from?.[0] === hex).map(mover))];
  const showPicker = (hex: string) => {
    const units = movers(hex);
    picker.hidden = units.length < 2;
    picker.replaceChildren(h('legend', {}, 'Units that move (untick those that stay)'), ...units.map((u, i) => {
      const box = h('input', { type: 'checkbox', id: `mw-mover-${i}`, 'data-mover': u, checked: true });
      return h('label', { for: `mw-mover-${i}` }, box, ` ${u}`);
    }));
  };
  const ticked = () => new Set([...picker.querySelectorAll<HTMLInputElement>('input[data-mover]')].filter((x) => x.checked).map((x) => x.dataset.mover!));
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
    el.addEventListener('click', (e) => { e.stopPropagation(); pick(); });
    el.addEventListener('keydown', (e) => { if (e.key === 'Enter') pick(); });
  });
  svg.addEventListener('click', (e) => {
    const at = selected;
    if (!at) return;
    const hit = document.elementsFromPoint(e.clientX, e.clientY).find((x): x is SVGPathElement => x instanceof SVGPathElement && !!x.dataset.hex);
    if (!hit) return;
    const to = hit.dataset.hex!;
    const attack = actions.find((x) => x.kind === 'attack' && x.to === to && x.from?.includes(at));
    // A move: one line for each ticked unit of the stack that may go there, each the offered text itself.
    const going = picker.hidden ? null : ticked();
    const moves = attack ? [] : actions.filter((x) => x.kind === 'move' && x.to === to && x.from?.[0] === at && (!going || going.has(mover(x))))
      .filter((x, i, all) => all.findIndex((y) => mover(y) === mover(x)) === i);
    const lines = attack ? [attack.text] : moves.map((x) => x.text);
    if (!lines.length) { tell(`Nothing of your stack at ${nameOf(at)} can move to or attack ${nameOf(to)}; pick another hex, or an order from the list.`); return; }
    text.value = `${text.value.replace(/\n*$/, '')}${text.value.trim() ? '\n' : ''}${lines.join('\n')}`;
    text.closest('details')?.setAttribute('open', '');
    svg.querySelectorAll('g.stack.selected').forEach((x) => x.classList.remove('selected'));
    selected = null;
    picker.hidden = true;
    const left = movers(at).length - moves.length;
    tell(attack ? `Added: ${attack.text}. Tap your next stack, or send the text.`
      : `Added: ${lines.length === 1 ? lines[0] : `${lines.length} moves to ${nameOf(to)} (${moves.map(mover).join('; ')})`}${left > 0 ? `; ${left} ${left === 1 ? 'unit stays' : 'units stay'}` : ''}. Tap your next stack, or send the text.`);
  });
}

/** A hex as people read it: its place's name and number, else its number. */
export function mwHexName(svg: SVGSVGElement | null, hex: string): string {
  const name = svg?.querySelector(`path.hex[data-hex="${CSS.escape(hex)}"]`)?.getAttribute('aria-label')?.split(', hex ')[0];
  return name && !name.startsWith('hex ') ? `${name} (${hex})` : `hex ${hex}`;
}
