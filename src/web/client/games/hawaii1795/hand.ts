// Hawaii 1795: the card drawn (its whole text and what it allows this turn), the player's hand, the
// turn built by tapping (turn.ts), the standing instructions (standing.ts) and every line by text.
import type { ReadLine } from '../../api.ts';
import { h } from '../../dom.ts';
import { viewOf, type Game, type Hawaii1795View } from '../../types.ts';
import { standingPanel } from './standing.ts';
import { scaleStacks, turnPanel } from './turn.ts';

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
  const theirs = !yourTurn && v?.side && v.side !== g.you.role ? v.cards?.[v.side]?.drawn : null;
  const theirName = v?.sides?.find((x) => x.id === v.side)?.name ?? '';
  // Both sides read the counters (the fog's "hidden ×N" too) at a phone's width.
  if (ctx.svg) scaleStacks(ctx.svg);
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
