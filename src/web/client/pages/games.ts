import { get } from '../api.ts';
import { h, main } from '../dom.ts';
import { countdown, power } from '../format.ts';
import { follow } from '../live.ts';
import { refresh } from '../refresh.ts';

const COLUMNS = ['Game', 'Variant', 'You', 'Phase', 'Deadline', 'Your orders'];

export async function gamesPage(): Promise<void> {
  // Any change in one of them (a phase, readiness, a join): the list is fetched again.
  follow('/games/live', () => void refresh());
  if (!main.querySelector('table.games')) main.replaceChildren(h('h1', {}, 'My games'), h('p', {}, 'Loading…'));
  const { games } = await get('/games', { query: { mine: 'true' } });
  const rows = await Promise.all(
    games.map(async (g) => {
      const full = await get('/games/{gameId}', { params: { gameId: g.id } }).catch(() => null);
      const mine = full?.phase?.readiness?.find((r) => r.role === full?.you?.role);
      const state = !full?.phase
        ? g.status
        : mine
          ? mine.expected
            ? mine.submitted
              ? mine.ready
                ? 'orders in, ready'
                : 'orders in'
              : 'orders needed'
            : 'nothing to order'
          : '';
      // data-label: a phone shows each row as a card, every cell under its column's name.
      return h(
        'tr',
        {},
        h('td', { 'data-label': COLUMNS[0] }, h('a', { href: `#/games/${g.id}` }, g.name)),
        h(
          'td',
          { 'data-label': COLUMNS[1] },
          full ? `${full.variantName} · ${full.scenarioName}` : `${g.variant} · ${g.scenario}`,
        ),
        h(
          'td',
          { 'data-label': COLUMNS[2] },
          full?.you?.role ? power(full, full.you.role) : (full?.you?.kind ?? g.you),
        ),
        h('td', { 'data-label': COLUMNS[3] }, full?.phase?.label ?? g.status),
        h('td', { 'data-label': COLUMNS[4] }, full?.phase ? countdown(full.phase.deadlineAt) : ''),
        h('td', { 'data-label': COLUMNS[5] }, state),
      );
    }),
  );
  main.replaceChildren(
    h('h1', {}, 'My games'),
    h(
      'p',
      { class: 'muted' },
      'How often we mail you, and your time zone: ',
      h('a', { href: '#/settings' }, 'Settings'),
      '.',
    ),
    rows.length
      ? h(
          'table',
          { class: 'games' },
          h('thead', {}, h('tr', {}, ...COLUMNS.map((c) => h('th', { scope: 'col' }, c)))),
          h('tbody', {}, ...rows),
        )
      : h(
          'p',
          {},
          'No games yet. Ask a moderator for an invitation, or start one: ',
          h('a', { href: '#/new' }, 'New game'),
          '.',
        ),
  );
}
