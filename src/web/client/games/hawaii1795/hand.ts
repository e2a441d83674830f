// Hawaii 1795: the card drawn (its whole text and what it allows this turn), the player's hand, the
// turn built by tapping (turn.ts), the standing instructions (standing.ts) and every line by text.
import type { ReadLine } from '../../api.ts';
import { h } from '../../dom.ts';
import { viewOf, type Game, type Hawaii1795View } from '../../types.ts';
import { standingPanel } from './standing.ts';
import { markBattles, scaleStacks, turnPanel } from './turn.ts';

type Card = NonNullable<Hawaii1795View['cards'][string]['drawn']>;

/** What the panel needs of the orders panel: the options, the stored lines, and how to send lines. */
export interface HandContext {
  /** The game's options (GET /games/{id}/options): Hawaii 1795's legal choices. */
  options: unknown;
  stored: ReadLine[];
  send: (lines: string[]) => Promise<void>;
  svg: SVGSVGElement | null;
  /** Where the orders panel says 'orders-sent' after each stored submission. */
  side?: HTMLElement;
}

/** Every unit's and space's name by id, from the reader's view: pages name things, never ids. */
export function namesOf(g: Game): { unit: (id: string) => string; space: (id: string) => string } {
  const v = viewOf<Hawaii1795View>(g);
  const units = new Map<string, string>();
  const spaces = new Map<string, string>();
  for (const sp of v?.spaces ?? []) {
    spaces.set(sp.id, sp.name);
    for (const u of sp.units) units.set(u.id, u.name);
  }
  for (const box of Object.values(v?.recruitBoxes ?? {})) for (const u of box) units.set(u.id, u.name);
  for (const u of v?.dead ?? []) units.set(u.id, u.name);
  return { unit: (id) => units.get(id) ?? id, space: (id) => spaces.get(id) ?? id };
}

/** A card's whole text as printed: fleet moves, recruits, event. */
export function cardLines(c: Card, unitName: (id: string) => string): string[] {
  const recruits = (c.recruit ?? []).map(
    (r) =>
      `${r.unit ? unitName(r.unit) : `${r.count ?? 1} ${r.kind}`}${r.firstDrawOnly ? ' (the first time it is drawn)' : ''}`,
  );
  return [
    `Fleet moves: ${c.fleetMoves}.`,
    `Recruits: ${recruits.length ? recruits.join(', ') : 'none'}.`,
    c.text ? `Event: ${c.text}` : c.event ? `Event: ${c.event.type}.` : 'No event.',
    ...(c.hold ? ['It may be held for later play.'] : []),
  ];
}

export function handPanel(g: Game, yourTurn: boolean, help: string | undefined, ctx: HandContext): Node {
  const mine = viewOf<Hawaii1795View>(g)?.cards?.[g.you.role ?? ''];
  if (!mine) return h('div', {});
  const names = namesOf(g);
  const card = (c: Card) =>
    h('li', {}, h('strong', {}, `${c.number}. ${c.title}`), ' — ', cardLines(c, names.unit).join(' '));
  const turn = yourTurn ? turnPanel(g, ctx, names) : null;
  // The card drawn is shown face up to both players (8.0): the side that waits reads it too.
  const v = viewOf<Hawaii1795View>(g);
  // The side to move, read by the side that waits.
  const other = !yourTurn && v?.side && v.side !== g.you.role ? v.side : null;
  const theirs = other ? v?.cards?.[other]?.drawn : null;
  const theirName = v?.sides?.find((x) => x.id === v.side)?.name ?? '';
  const says = `${theirName} attacks there in its Battle Phase unless it leaves first`;
  let due: string[] = [];
  // Both sides read the counters (the fog's "hidden ×N" too) at a phone's width.
  if (ctx.svg) {
    scaleStacks(ctx.svg);
    // The side that waits: where both sides already stand (a landing after a sea battle), the side
    // to move attacks unless it leaves. Battles its moves will make stay its secret until played.
    const svg = ctx.svg;
    if (other) {
      const at = (side: string) =>
        new Set(
          [...svg.querySelectorAll<SVGGElement>(`g.stack[data-side="${CSS.escape(side)}"]`)].map(
            (s) => s.dataset.space,
          ),
        );
      const mine = at(g.you.role ?? ''),
        their = at(other);
      due = (v?.spaces ?? []).map((sp) => sp.id).filter((sp) => mine.has(sp) && their.has(sp));
      markBattles(svg, due, names.space, says);
    }
    // Opened on the reader's strongest island, or on a battle already due there (the waiting side).
    focusOnOwn(svg, g.you.role ?? '', new Set(due));
  }
  return h(
    'section',
    { class: 'hand' },
    yourTurn && mine.drawn
      ? h(
          'div',
          { class: 'card', id: 'drawn-card' },
          h('h2', {}, 'Your card this turn'),
          h('p', {}, 'Drawn this turn: ', h('strong', {}, `${mine.drawn.number}. ${mine.drawn.title}`)),
          h('ul', { class: 'card-text' }, ...cardLines(mine.drawn, names.unit).map((l) => h('li', {}, l))),
          turn?.card ?? null,
        )
      : mine.drawn
        ? h('p', {}, 'Drawn this turn: ', h('strong', {}, `${mine.drawn.number}. ${mine.drawn.title}`))
        : null,
    theirs
      ? h(
          'div',
          { class: 'card', id: 'their-card' },
          h('h2', {}, `${theirName}'s card this turn`),
          h('p', {}, h('strong', {}, `${theirs.number}. ${theirs.title}`)),
          h('ul', { class: 'card-text' }, ...cardLines(theirs, names.unit).map((l) => h('li', {}, l))),
        )
      : null,
    due.length
      ? h(
          'p',
          { class: 'next-step', id: 'battles-due' },
          `${due.length === 1 ? 'A battle is' : 'Battles are'} due at ${due.map(names.space).join(', ')} (ringed on the map): ${says}.`,
        )
      : null,
    turn?.builder ?? null,
    h('h2', {}, 'Your hand'),
    (mine.held ?? []).length
      ? h('ul', {}, ...(mine.held ?? []).map(card))
      : h('p', { class: 'muted' }, 'You hold no cards.'),
    yourTurn ? null : h('p', { class: 'muted' }, 'You play from your hand in your own turns.'),
    standingPanel(g, ctx),
    help
      ? h(
          'details',
          { class: 'lines', open: yourTurn },
          h('summary', {}, 'Every line you can write'),
          h('pre', { tabindex: '0', role: 'region', 'aria-label': 'Every line you can write' }, help),
        )
      : null,
  );
}

/**
 * A phone opens the map on the island where the reader's units stand (zoom.ts fits it), not on the
 * sea between them: the island holding the reader's stacks, or the strongest of them when they stand
 * on several (the Allied Chiefs' O'ahu and Maui: both at once leave a phone mostly sea), kept within the islands.
 */
function focusOnOwn(svg: SVGSVGElement, role: string, battles = new Set<string>()): void {
  const box = svg.parentElement;
  if (!box) return;
  type R = { x0: number; y0: number; x1: number; y1: number };
  const rect = (el: SVGGraphicsElement): R => {
    const b = el.getBBox();
    return { x0: b.x, y0: b.y, x1: b.x + b.width, y1: b.y + b.height };
  };
  const union = (rs: R[]): R | null =>
    rs.length
      ? {
          x0: Math.min(...rs.map((r) => r.x0)),
          y0: Math.min(...rs.map((r) => r.y0)),
          x1: Math.max(...rs.map((r) => r.x1)),
          y1: Math.max(...rs.map((r) => r.y1)),
        }
      : null;
  const land = union([...svg.querySelectorAll<SVGPathElement>('g.spaces path[data-space], g.islands path')].map(rect));
  const own = [...svg.querySelectorAll<SVGGElement>(`g.stack[data-side="${CSS.escape(role)}"]`)];
  // A battle due: the island where it stands, whatever the strength elsewhere.
  const fighting = own.filter((st) => battles.has(st.dataset.space ?? ''));
  const stacks = fighting.length ? fighting : own;
  const spaceOf = (st: SVGGElement) =>
    svg.querySelector<SVGPathElement>(`path[data-space="${CSS.escape(st.dataset.space ?? '')}"]`);
  // Each stack's island: the island drawn under its counter (else its space alone).
  const islands = [...svg.querySelectorAll<SVGPathElement>('g.islands path')];
  const islandOf = (st: SVGGElement): SVGGraphicsElement | null => {
    const r = st.querySelector('rect');
    if (!r) return spaceOf(st);
    const at = new DOMPoint(
      Number(r.getAttribute('x')) + Number(r.getAttribute('width')) / 2,
      Number(r.getAttribute('y')) + Number(r.getAttribute('height')) / 2,
    );
    return islands.find((p) => p.isPointInFill(at)) ?? spaceOf(st);
  };
  const byIsland = new Map<SVGGraphicsElement, SVGGElement[]>();
  for (const st of stacks) {
    const i = islandOf(st);
    if (i) byIsland.set(i, [...(byIsland.get(i) ?? []), st]);
  }
  const strength = (sts: SVGGElement[]) => sts.reduce((a, st) => a + Number(st.dataset.strength ?? 0), 0);
  const [island, held] = [...byIsland].sort((a, b) => strength(b[1]) - strength(a[1]))[0] ?? [];
  const f =
    island && held
      ? union([
          rect(island),
          ...held
            .map(spaceOf)
            .filter((p): p is SVGPathElement => !!p)
            .map(rect),
        ])
      : null;
  if (!f || !land) return;
  const vb = svg.viewBox.baseVal;
  // A margin around, no narrower than a sixth of the map (names and counters not giants) nor
  // flatter than a phone's map box (a third of its screen high: zoom.ts); then moved (not cut) to
  // lie within the islands, as far as it keeps the reader's units.
  const pad = vb.width * 0.03;
  const within = union([land, { x0: f.x0 - pad, y0: f.y0 - pad, x1: f.x1 + pad, y1: f.y1 + pad }])!;
  const w = Math.min(Math.max(f.x1 - f.x0 + 2 * pad, vb.width / 6), within.x1 - within.x0);
  const hh = Math.min(Math.max(f.y1 - f.y0 + 2 * pad, w * 0.75), within.y1 - within.y0);
  const cx = Math.min(Math.max((f.x0 + f.x1) / 2, within.x0 + w / 2), within.x1 - w / 2);
  const cy = Math.min(Math.max((f.y0 + f.y1) / 2, within.y0 + hh / 2), within.y1 - hh / 2);
  box.dataset.focus = [cx - w / 2, cy - hh / 2, w, hh].map((n) => n.toFixed(1)).join(' ');
}
