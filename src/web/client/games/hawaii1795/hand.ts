// Hawaii 1795: the player's hand of cards beside the orders.
import { h } from '../../dom.ts';
import { viewOf, type Game, type Hawaii1795View } from '../../types.ts';
import { standingPanel } from './standing.ts';

type Card = NonNullable<Hawaii1795View['cards'][string]['drawn']>;

export function handPanel(g: Game, yourTurn: boolean, help?: string): Node {
  const mine = viewOf<Hawaii1795View>(g)?.cards?.[g.you.role ?? ''];
  if (!mine) return h('div', {});
  const card = (c: Card) => h('li', {}, h('strong', {}, `${c.number}. ${c.title}`), c.text ? ` — ${c.text}` : '', ` (fleet moves ${c.fleetMoves})`);
  return h('section', { class: 'hand' }, h('h2', {}, 'Your hand'),
    mine.drawn ? h('p', {}, 'Drawn this turn: ', h('strong', {}, `${mine.drawn.number}. ${mine.drawn.title}`)) : null,
    h('ul', {}, ...(mine.held ?? []).map(card)),
    yourTurn ? h('p', { class: 'muted' }, 'Play a card and give your moves in the text box, one line each; every line you can write is listed below.') : h('p', { class: 'muted' }, 'You play from your hand in your own turns.'),
    help ? h('details', { class: 'lines', open: yourTurn }, h('summary', {}, 'Every line you can write'), h('pre', { tabindex: '0', role: 'region', 'aria-label': 'Every line you can write' }, help)) : null,
    standingPanel(g));
}
