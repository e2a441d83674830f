// A game's page: its head (phase, deadline, who has ordered), the map, the last results, and the
// panels of whoever reads it (player, moderator, invited player, visitor).
import { allPhases, get, post, prefetch, signedIn, type Phase } from '../api.ts';
import { h, main, say, showError } from '../dom.ts';
import { countdown, power } from '../format.ts';
import { follow, sayMovedOnNext, takeNote, type Change } from '../live.ts';
import { openingOf } from '../games/aloha/board.ts';
import { mwPanel } from '../games/maori-wars/panel.ts';
import { mapInto, mapUrl } from '../map/map.ts';
import { startView, zoomControls } from '../map/zoom.ts';
import { invitePanel } from '../panels/invite.ts';
import { moderatorConsole, publicSwitch } from '../panels/moderator.ts';
import { ordersPanel } from '../panels/orders.ts';
import { pressPanel, unreadBadge, updatePress } from '../panels/press.ts';
import { rulesSummary } from '../panels/rules.ts';
import { votePanel } from '../panels/votes.ts';
import { refresh } from '../refresh.ts';
import { optionsOf, type Game } from '../types.ts';
import { signInNote } from './sign-in.ts';

/** The page as built, to bring up to date in place when the phase is the same one. */
let shown: {
  id: string;
  phase: string | null;
  status: string;
  header: HTMLElement;
  dirty: boolean;
  who: string;
} | null = null;

/** Where this browser last found its reader playing a power in an open phase (kept between visits). */
const SEAT_KEY = (id: string) => `kahu-seat:${id}`;

/**
 * What a game's page asks for, known from its address alone: the router asks for these at once
 * (a forming game's map, press and history are not shown and cost a refusal each). A reader this
 * browser last saw ordering here (a page built again live, a returning player), or one who came
 * by a mail's sign-in link to the game (the mails go mostly to its players), is asked for their
 * orders, options and votes too, not after the game's answer; were there no seat, they are
 * refused and not used. A reader this browser knows not to order here is not asked.
 */
export const gameAnswers = (id: string, fromMail = false) => [
  `/games/${id}`,
  mapUrl(id),
  ...((localStorage.getItem(SEAT_KEY(id)) ?? (fromMail ? 'ordering' : null)) === 'ordering'
    ? [`/games/${id}/orders`, `/games/${id}/options`, `/games/${id}/votes`]
    : []),
  `/games/${id}/press`,
  `/games/${id}/history?after=0`,
];

export async function gamePage(id: string): Promise<void> {
  const g = await get('/games/{gameId}', { params: { gameId: id } });
  follow(`/games/${id}/live`, (c) => void onChange(id, c));
  const me = g.you;
  const phase = g.phase;
  // What this reader's panels will ask for, asked for together (see prefetch).
  const at = `/games/${id}`;
  const player = me.kind === 'player' && g.status !== 'forming';
  localStorage.setItem(
    SEAT_KEY(id),
    player && phase && (g.status === 'active' || g.status === 'paused') ? 'ordering' : 'not',
  );
  // In the order the page needs them: a browser opens six connections to a server and the live
  // stream holds one, so the last may wait for the first to finish.
  prefetch([
    ...(g.status === 'forming' ? [] : [mapUrl(id)]),
    ...(player && phase ? [`${at}/orders`, `${at}/options`] : []),
    ...(player && (g.status === 'active' || g.status === 'paused') ? [`${at}/votes`] : []),
    ...(g.status === 'forming' ? [] : [`${at}/press`, `${at}/history?after=0`]),
  ]);
  // Before the start an invited or joined player has no power yet: the view calls them an observer.
  const mine =
    signedIn() && me.kind !== 'moderator' && g.status === 'forming'
      ? (await get('/games', { query: { mine: 'true' } })).games.find((x) => x.id === id)?.you
      : undefined;
  const who =
    me.kind === 'player'
      ? `you play ${power(g, me.role ?? '')}`
      : me.kind === 'moderator'
        ? 'you are the moderator'
        : mine === 'player:joined'
          ? 'you have joined'
          : mine === 'player:invited'
            ? 'you are invited'
            : 'you are an observer';
  const header = headOf(id, g, who);
  const mapBox = h('div', { class: 'map', id: 'map' });
  const side = h('section', { class: 'side' });
  const hint = h('p', { class: 'hint', id: 'map-hint', 'aria-live': 'polite' });
  const mapWrap = h('div', { class: 'map-wrap' }, hint, mapBox);
  const results = h('div', {});
  const note = takeNote();
  const told = note ? h('p', { class: 'error', role: 'alert', id: 'moved-on' }, note) : null;
  // What the player picks or writes and has not sent: a change of the same phase never wipes it.
  side.addEventListener('input', (e) => {
    if (shown && (e.target as HTMLElement).id !== 'ready') shown.dirty = true;
  });
  side.addEventListener('change', (e) => {
    if (shown && (e.target as HTMLElement).id !== 'ready') shown.dirty = true;
  });
  side.addEventListener('orders-sent', () => {
    if (shown) shown.dirty = false;
  });
  if (told) side.append(told);
  shown = { id, phase: phase ? `${phase.seq}` : null, status: g.status, header, dirty: false, who };
  // Press and history, with the count of unread press (kept up to date live).
  const gameNav =
    g.status === 'forming'
      ? ''
      : h(
          'nav',
          { class: 'row game-nav', 'aria-label': 'Game' },
          h('a', { href: `#/games/${id}/press` }, 'Press ', unreadBadge(0)),
          h('a', { href: `#/games/${id}/history` }, 'History: every phase with its map'),
        );
  main.replaceChildren(header, gameNav, h('div', { class: 'board' }, mapWrap, side), results);
  const svg = g.status === 'forming' ? null : await mapInto(mapBox, { gameId: id });
  if (g.status === 'forming')
    mapBox.replaceChildren(h('p', { class: 'muted' }, 'The map appears when the game starts.'));

  if (signedIn() && me.kind !== 'moderator' && g.status === 'forming') {
    side.append(
      mine === 'player:joined'
        ? h('p', {}, 'You have joined. The game starts when its moderator starts it; your power is drawn then.')
        : h(
            'div',
            {},
            h('p', {}, mine === 'player:invited' ? 'You are invited to this game.' : 'This game is forming.'),
            h(
              'button',
              {
                type: 'button',
                onclick: async () => {
                  try {
                    await post('/games/{gameId}/join', { params: { gameId: id } });
                    say('Joined.');
                    void refresh();
                  } catch (e) {
                    side.append(showError(e));
                  }
                },
              },
              'Join this game',
            ),
          ),
    );
  }
  if (me.kind === 'moderator' && g.status === 'forming') {
    const joined = g.players.filter((p) => p.status === 'joined').length;
    const needed = g.powers?.length ?? 0;
    side.append(
      publicSwitch(id, g, side),
      h('h2', {}, 'Players'),
      h('ul', {}, ...g.players.map((p) => h('li', {}, `${p.email ?? p.name ?? 'player'}: ${p.status}`))),
      h(
        'p',
        { class: 'next-step' },
        joined >= needed
          ? `${joined} of ${needed} players have joined: start the game. Their powers are drawn from the game's seed.`
          : `${joined} of ${needed} players have joined. Each invited player got an email with a link to this page; start the game once everyone has joined (this list follows as they join).`,
      ),
      invitePanel(id),
      h(
        'button',
        {
          type: 'button',
          onclick: async () => {
            try {
              await post('/games/{gameId}/start', { params: { gameId: id } });
              void refresh();
            } catch (e) {
              side.append(showError(e));
            }
          },
        },
        'Start the game',
      ),
    );
  }
  if (svg) mapWrap.prepend(zoomControls(mapBox));
  if (g.position)
    side.append(
      h('details', { open: !svg }, h('summary', {}, svg ? 'Position as text' : 'Position'), h('pre', {}, g.position)),
    );
  if (me.kind === 'player' && phase) await ordersPanel(id, g, side, svg);
  // Maori Wars: the turn, the VP and the standing instructions' drawer, below the phase's orders.
  if (g.variant === 'maori-wars' && g.view?.victoryPoints) {
    const standing =
      me.kind === 'player' && g.phase
        ? (optionsOf(await get('/games/{gameId}/options', { params: { gameId: id } }).catch(() => null))?.standing?.map(
            (x) => String(x.text),
          ) ?? null)
        : null;
    side.append(mwPanel(id, g, standing));
  }
  // After the orders panel: it marks the reader's own units, which a flat map opens zoomed around.
  if (svg) startView(mapBox, openingOf(g, svg));
  if (me.kind === 'moderator' && g.status !== 'forming') side.append(await moderatorConsole(id, g));
  if (me.kind === 'player' && (g.status === 'active' || g.status === 'paused')) side.append(await votePanel(id));
  if (me.kind === 'player' && g.status !== 'forming') side.append(await pressPanel(id, g));
  side.append(rulesSummary(g.variant));
  if (g.status !== 'forming') await updatePress(id, g);
  // Last, once the panels above it stand: its map is drawn only when scrolled near.
  if (g.status !== 'forming') await lastResults(id, g, results);
}

function headOf(id: string, g: Game, who: string): HTMLElement {
  const phase = g.phase;
  return h(
    'section',
    { class: 'game-head' },
    h('h1', {}, g.name),
    h('p', {}, `${g.variantName} · ${g.scenarioName}${g.public ? ' · public' : ''} · ${who}`),
    signedIn() ? null : signInNote(`/games/${id}`),
    phase
      ? h('p', { class: 'phase' }, h('strong', {}, phase.label), ' — deadline ', countdown(phase.deadlineAt))
      : h('p', {}, `Status: ${g.status}`),
    phase
      ? h(
          'ul',
          { class: 'readiness', 'aria-label': 'Who has ordered' },
          ...phase.readiness
            .filter((r) => r.expected)
            .map((r) =>
              h(
                'li',
                { class: r.ready ? 'ready' : r.submitted ? 'submitted' : 'waiting', 'data-role': r.role },
                `${power(g, r.role)}: ${r.ready ? 'ready' : r.submitted ? 'orders in' : 'waiting'}`,
              ),
            ),
        )
      : null,
  );
}

/**
 * Something changed in the game. The same phase still open: the head (deadline, readiness) is
 * built again in place, and the rest of the page too unless the player has an unsent form. Another
 * phase (or status): the page is built again, its forms the new phase's; an unsent one is said lost.
 */
async function onChange(id: string, c: Change): Promise<void> {
  const s = shown;
  if (!s || s.id !== id || !document.contains(s.header)) return;
  let g: Game;
  try {
    g = await get('/games/{gameId}', { params: { gameId: id } });
  } catch {
    void refresh();
    return;
  }
  if (shown !== s) return;
  const phase = g.phase ? `${g.phase.seq}` : null;
  if (phase !== s.phase || g.status !== s.status) {
    if (s.dirty && g.you.kind === 'player') sayMovedOnNext();
    void refresh();
    return;
  }
  const header = headOf(id, g, s.who);
  s.header.replaceWith(header);
  s.header = header;
  if (c.kinds.has('press')) void updatePress(id, g);
  // Votes in place: the player's unsent orders stay, and so does the page under their finger.
  if (c.kinds.has('votes') && g.you.kind === 'player') {
    const old = main.querySelector('section.votes');
    if (old) {
      const votes = await votePanel(id);
      if (shown === s && document.contains(old)) old.replaceWith(votes);
    }
  }
  const elsewhere = ['players', 'event', 'resync'].some((k) => c.kinds.has(k));
  if (elsewhere && !s.dirty) void refresh();
}

/** The newest adjudicated phase: its map with the orders and their results, and its report. */
async function lastResults(id: string, g: Game, box: HTMLElement): Promise<void> {
  const phases = await allPhases(id).catch(() => [] as Phase[]);
  const done = [...phases].reverse().find((p) => p.status === 'adjudicated' && p.report);
  if (!done) return;
  const mapBox = h('div', { class: 'map', id: 'results-map' });
  // Aloha and Maori Wars: the position after the phase, which is the next phase's (Hawaii 1795's
  // and Diplomacy's maps of a phase draw its orders and results over the position before).
  const after =
    g.variant === 'aloha' || g.variant === 'maori-wars'
      ? phases.find((p) => p.seq > done.seq && p.status !== 'rolled_back')
      : undefined;
  box.replaceChildren(
    h(
      'section',
      { class: 'results', 'aria-labelledby': 'results-title' },
      h('h2', { id: 'results-title' }, `Results of ${done.label}`),
      h(
        'p',
        { class: 'muted' },
        after
          ? `The report of the ${g.variant === 'aloha' ? 'decision' : 'phase'}, and the map after it; the map above is the position now.`
          : g.variant === 'hawaii1795' || g.variant === 'aloha'
            ? 'The report of the turn, and the map after it; the map above is the position now.'
            : g.variant === 'maori-wars'
              ? 'The report of the phase, and the map after it; the map above is the position now.'
              : 'Every order with its result (a failed one in red); the map above is the position now.',
      ),
      h('div', { class: 'board' }, h('div', { class: 'map-wrap' }, mapBox), h('pre', { class: 'report' }, done.report)),
    ),
  );
  // Drawn once scrolled near: a phone's first view carries the one map it shows, not two.
  const seen = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      seen.disconnect();
      void mapInto(mapBox, { gameId: id, seq: after?.seq ?? done.seq }).then((svg) => {
        if (!svg) return;
        // As legible as the live map, and more (11 px names on a phone): the same zoom, opened
        // around the reader's own units.
        svg.dataset.least = '11';
        mapBox.parentElement!.prepend(
          zoomControls(mapBox, {
            group: 'Results map zoom',
            in: 'Enlarge the results map',
            out: 'Shrink the results map',
            whole: 'Whole results map',
          }),
        );
        // Its units are titled by power: the reader's own, to open around.
        const mine = g.you.kind === 'player' ? (g.you.role ?? '') : '';
        if (mine)
          for (const u of svg.querySelectorAll('g.unit'))
            if (u.querySelector('title')?.textContent?.startsWith(`${mine} `)) u.classList.add('own');
        startView(mapBox, { near: 'g.unit.own', zoom: 2 });
      });
    },
    { rootMargin: '300px' },
  );
  seen.observe(mapBox);
}
