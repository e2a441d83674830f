import { get } from '../api.ts';
import { h, main } from '../dom.ts';
import { countdown, power } from '../format.ts';
import { follow } from '../live.ts';
import { refresh } from '../refresh.ts';

export async function gamesPage(): Promise<void> {
  // Any change in one of them (a phase, readiness, a join): the list is fetched again.
  follow('/games/live', () => void refresh());
  if (!main.querySelector('table.games')) main.replaceChildren(h('h1', {}, 'My games'), h('p', {}, 'Loading…'));
  const { games } = await get('/games', { query: { mine: 'true' } });
  const rows = await Promise.all(games.map(async (g) => {
    const full = await get('/games/{gameId}', { params: { gameId: g.id } }).catch(() => null);
    const mine = full?.phase?.readiness?.find((r) => r.role === full?.you?.role);
    const state = !full?.phase ? g.status : mine ? (mine.expected ? (mine.submitted ? (mine.ready ? 'orders in, ready' : 'orders in') : 'orders needed') : 'nothing to order') : '';
    return h('tr', {},
      h('td', {}, h('a', { href: `#/games/${g.id}` }, g.name)),
      h('td', {}, full ? `${full.variantName} · ${full.scenarioName}` : `${g.variant} · ${g.scenario}`),
      h('td', {}, full?.you?.role ? power(full, full.you.role) : full?.you?.kind ?? g.you),
      h('td', {}, full?.phase?.label ?? g.status),
      h('td', {}, full?.phase ? countdown(full.phase.deadlineAt) : ''),
      h('td', {}, state));
  }));
  main.replaceChildren(
    h('h1', {}, 'My games'),
    rows.length
      ? h('table', { class: 'games' }, h('thead', {}, h('tr', {}, ...['Game', 'Variant', 'You', 'Phase', 'Deadline', 'Your orders'].map((c) => h('th', { scope: 'col' }, c)))), h('tbody', {}, ...rows))
      : h('p', {}, 'No games yet. Ask a moderator for an invitation, or start one: ', h('a', { href: '#/new' }, 'New game'), '.'),
  );
}
