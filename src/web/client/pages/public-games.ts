import { get } from '../api.ts';
import { h, main } from '../dom.ts';
import { countdown } from '../format.ts';

/** Games their moderators made public: anyone may watch them, signed in or not. */
export async function publicGames(): Promise<HTMLElement> {
  const { games } = await get('/games', { query: { public: 'true' } });
  const box = h(
    'section',
    { class: 'public-games', 'aria-labelledby': 'public-games-title' },
    h('h2', { id: 'public-games-title' }, 'Public games'),
  );
  box.append(
    games.length
      ? h(
          'table',
          { class: 'games' },
          h(
            'thead',
            {},
            h('tr', {}, ...['Game', 'Variant', 'Phase', 'Deadline'].map((c) => h('th', { scope: 'col' }, c))),
          ),
          h(
            'tbody',
            {},
            ...games.map((g) =>
              h(
                'tr',
                {},
                // data-label: a phone shows each row as a card, every cell under its column's name.
                h('td', { 'data-label': 'Game' }, h('a', { href: `#/games/${g.id}` }, g.name)),
                h('td', { 'data-label': 'Variant' }, g.variantName),
                h('td', { 'data-label': 'Phase' }, g.phase?.label ?? g.status),
                h('td', { 'data-label': 'Deadline' }, g.phase ? countdown(g.phase.deadlineAt) : ''),
              ),
            ),
          ),
        )
      : h('p', { class: 'muted' }, 'No public games right now.'),
  );
  return box;
}

export async function publicGamesPage(): Promise<void> {
  main.replaceChildren(h('h1', {}, 'Public games'), h('p', {}, 'Loading…'));
  const list = await publicGames();
  list.querySelector('h2')?.remove();
  main.replaceChildren(
    h('h1', { id: 'public-games-title' }, 'Public games'),
    h(
      'p',
      {},
      'Games their moderators made public: watch the map, the history and the results. Sealed orders stay sealed until each phase is adjudicated.',
    ),
    list,
  );
}
