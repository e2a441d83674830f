// Maori Wars: click one of your stacks, then a hex: the move there (or the attack on an enemy there)
// offered in the list is added to the text box as a line.
import { tellOnMap as tell } from '../../dom.ts';
import type { OfferedAction } from '../../types.ts';

export function mwMapClicks(svg: SVGSVGElement, actions: OfferedAction[], text: HTMLTextAreaElement): void {
  const from = new Set(actions.flatMap((a) => a.from ?? []));
  let selected: string | null = null;
  tell('Click one of your stacks on the map, then the hex it should move to, or an enemy hex to attack: the order is added to the text box.');
  const nameOf = (hex: string) => svg.querySelector(`path.hex[data-hex="${hex}"]`)?.getAttribute('aria-label')?.split(', hex ')[0] ?? `hex ${hex}`;
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
      tell(`Selected: your stack at ${nameOf(hex)}. Now click the hex it should move to, or an enemy hex to attack.`);
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
    const a = actions.find((x) => x.kind === 'attack' && x.to === to && x.from?.includes(at)) ?? actions.find((x) => x.kind === 'move' && x.to === to && x.from?.includes(at));
    if (!a) { tell(`Nothing of your stack at ${nameOf(at)} can move to or attack ${nameOf(to)}; pick another hex, or an order from the list.`); return; }
    text.value = `${text.value.replace(/\n*$/, '')}${text.value.trim() ? '\n' : ''}${a.text}`;
    text.closest('details')?.setAttribute('open', '');
    svg.querySelectorAll('g.stack.selected').forEach((x) => x.classList.remove('selected'));
    selected = null;
    tell(`Added: ${a.text}. Click your next stack, or send the text.`);
  });
}

/** A hex as people read it: its place's name and number, else its number. */
export function mwHexName(svg: SVGSVGElement | null, hex: string): string {
  const name = svg?.querySelector(`path.hex[data-hex="${CSS.escape(hex)}"]`)?.getAttribute('aria-label')?.split(', hex ')[0];
  return name && !name.startsWith('hex ') ? `${name} (${hex})` : `hex ${hex}`;
}
