// The kahu web client: sign in, your games, a game's page with its map, orders by clicking the map or
// picking from lists (keyboard and screen readers), readiness, the phase history as a replay, and
// creating a game. It uses the public API with the caller's token like any other client.
/* eslint-disable no-restricted-globals */

type Json = any;
/** The page a signed-out visitor asked for (a link in a mail): opened once signed in. */
const NEXT_KEY = 'kahu-next';
const main = document.getElementById('main')!;
const nav = document.getElementById('nav')!;
const statusEl = document.getElementById('status')!;

/** Who is signed in (the session cookie, HttpOnly: the page itself never holds a token). */
let me: Json | null | undefined;

/**
 * A sign-in link (`#signin=<code>&next=/games/<id>`) is used once: the code is exchanged for the
 * session cookie, then dropped from the address bar.
 */
async function takeSignInLink(): Promise<void> {
  const m = /[#&]signin=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (!m) return;
  const next = /[#&]next=(\/[A-Za-z0-9/_-]*)/.exec(location.hash)?.[1] ?? localStorage.getItem(NEXT_KEY) ?? '/';
  localStorage.removeItem(NEXT_KEY);
  history.replaceState(null, '', `${location.pathname}#${next}`);
  try {
    me = await api('POST', '/accounts/session', { code: m[1] });
  } catch (e) {
    me = null;
    say(e instanceof ApiError ? e.message : String(e));
    linkProblem = e instanceof ApiError ? e.message : String(e);
  }
}
let linkProblem: string | null = null;

class ApiError extends Error {
  constructor(readonly status: number, readonly body: Json) {
    super(body?.detail ?? `HTTP ${status}`);
  }
}

async function api(method: string, path: string, body?: unknown): Promise<Json> {
  // The header another site's page cannot send: the server refuses cookie requests without it.
  const headers: Record<string, string> = { 'x-kahu-client': 'web' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
  const type = r.headers.get('content-type') ?? '';
  const data = r.status === 204 ? null : type.includes('json') ? await r.json() : await r.text();
  if (!r.ok) {
    if (r.status === 401 && path !== '/accounts/session') me = null;
    throw new ApiError(r.status, data);
  }
  return data;
}

async function whoAmI(): Promise<Json | null> {
  if (me === undefined) me = await api('GET', '/accounts/me').catch(() => null);
  return me;
}

function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string | boolean | ((e: Event) => void)> = {}, ...children: (Node | string | null | undefined)[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, ''), v);
    else if (v === true) el.setAttribute(k, '');
    else if (v !== false) el.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) el.append(c);
  return el;
}

function say(text: string): void {
  statusEl.textContent = text;
}

function showError(e: unknown): Node {
  const msg = e instanceof ApiError ? e.message : String(e);
  return h('p', { class: 'error', role: 'alert' }, msg);
}

function when(iso: string | null): string {
  if (!iso) return 'no deadline';
  const d = new Date(iso);
  const left = d.getTime() - Date.now();
  const fmt = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(d);
  if (left <= 0) return `${fmt} (passed)`;
  const hrs = Math.floor(left / 3.6e6), mins = Math.floor((left % 3.6e6) / 6e4);
  return `${fmt} (in ${hrs ? `${hrs} h ` : ''}${mins} min)`;
}

function setNav(): void {
  nav.replaceChildren(
    ...(me
      ? [h('a', { href: '#/' }, 'My games'), h('a', { href: '#/new' }, 'New game'), h('a', { href: '#/public' }, 'Public games'), h('a', { href: '/docs' }, 'API'), h('button', { type: 'button', class: 'link', onclick: async () => { await api('DELETE', '/accounts/session').catch(() => null); me = null; void route(); } }, 'Sign out')]
      : [h('a', { href: '#/public' }, 'Public games'), h('a', { href: '#/' }, 'Sign in'), h('a', { href: '/docs' }, 'API')]),
  );
}

function signedIn(): boolean {
  return !!me;
}

/** For a signed-out visitor of a public game: where to sign in, coming back to this page after. */
function signInNote(path: string): Node {
  return h('p', { class: 'sign-in-note' }, 'You are watching this game as a visitor. ',
    h('a', { href: '#/', onclick: () => localStorage.setItem(NEXT_KEY, path) }, 'Sign in'), ' to play, or to see the games you are in.');
}

/** Games their moderators made public: anyone may watch them, signed in or not. */
async function publicGames(): Promise<HTMLElement> {
  const { games } = await api('GET', '/games?public=true');
  const box = h('section', { class: 'public-games', 'aria-labelledby': 'public-games-title' }, h('h2', { id: 'public-games-title' }, 'Public games'));
  box.append(games.length
    ? h('table', { class: 'games' },
      h('thead', {}, h('tr', {}, ...['Game', 'Variant', 'Phase', 'Deadline'].map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, ...games.map((g: Json) => h('tr', {},
        h('td', {}, h('a', { href: `#/games/${g.id}` }, g.name)),
        h('td', {}, g.variantName),
        h('td', {}, g.phase?.label ?? g.status),
        h('td', {}, g.phase ? when(g.phase.deadlineAt) : '')))))
    : h('p', { class: 'muted' }, 'No public games right now.'));
  return box;
}

async function publicGamesPage(): Promise<void> {
  main.replaceChildren(h('h1', {}, 'Public games'), h('p', {}, 'Loading…'));
  const list = await publicGames();
  list.querySelector('h2')?.remove();
  main.replaceChildren(h('h1', { id: 'public-games-title' }, 'Public games'), h('p', {}, 'Games their moderators made public: watch the map, the history and the results. Sealed orders stay sealed until each phase is adjudicated.'), list);
}

// ---- Pages

function signInPage(): void {
  const email = h('input', { id: 'email', type: 'email', required: true, autocomplete: 'email', placeholder: 'you@example.org' });
  const out = h('div', {});
  const send = async (path: string) => {
    out.replaceChildren();
    try {
      const next = localStorage.getItem(NEXT_KEY) ?? undefined;
      await api('POST', path, { email: email.value.trim(), web: true, ...(next ? { next } : {}) });
      out.append(h('p', { class: 'ok' }, `A sign-in link is on its way to ${email.value.trim()}. Open it in this browser within 15 minutes; it works once.`));
    } catch (e) {
      out.append(showError(e));
    }
  };
  main.replaceChildren(
    h('h1', {}, 'Sign in'),
    linkProblem ? h('p', { class: 'error', role: 'alert' }, linkProblem) : '',
    localStorage.getItem(NEXT_KEY) ? h('p', { class: 'ok' }, 'Sign in to open the game your link leads to: it opens once you follow the link we mail you.') : '',
    h('p', {}, 'kahu judges Diplomacy variants, Hawaii 1795, Aloha and Maori Wars by deadline, in the browser, by email or over HTTP. Enter your email address: we send you a link that signs you in (the first time, the link also creates your account).'),
    h('form', { class: 'stack', onsubmit: (e: Event) => { e.preventDefault(); void send('/accounts/sign-in'); } },
      h('label', { for: 'email' }, 'Email address'), email,
      h('div', { class: 'row' }, h('button', { type: 'submit' }, 'Email me a sign-in link'), h('button', { type: 'button', class: 'secondary', onclick: () => { if (email.reportValidity()) void send('/accounts'); } }, 'New here: register'))),
    out,
  );
  void publicGames().then((list) => main.append(list)).catch(() => null);
}

async function gamesPage(): Promise<void> {
  main.replaceChildren(h('h1', {}, 'My games'), h('p', {}, 'Loading…'));
  const { games } = await api('GET', '/games?mine=true');
  const rows = await Promise.all(games.map(async (g: Json) => {
    const full = await api('GET', `/games/${g.id}`).catch(() => null);
    const mine = full?.phase?.readiness?.find((r: Json) => r.role === full?.you?.role);
    const state = !full?.phase ? g.status : mine ? (mine.expected ? (mine.submitted ? (mine.ready ? 'orders in, ready' : 'orders in') : 'orders needed') : 'nothing to order') : '';
    return h('tr', {},
      h('td', {}, h('a', { href: `#/games/${g.id}` }, g.name)),
      h('td', {}, full ? `${full.variantName} · ${full.scenarioName}` : `${g.variant} · ${g.scenario}`),
      h('td', {}, full?.you?.role ? power(full, full.you.role) : full?.you?.kind ?? g.you),
      h('td', {}, full?.phase?.label ?? g.status),
      h('td', {}, full?.phase ? when(full.phase.deadlineAt) : ''),
      h('td', {}, state));
  }));
  main.replaceChildren(
    h('h1', {}, 'My games'),
    rows.length
      ? h('table', { class: 'games' }, h('thead', {}, h('tr', {}, ...['Game', 'Variant', 'You', 'Phase', 'Deadline', 'Your orders'].map((c) => h('th', { scope: 'col' }, c)))), h('tbody', {}, ...rows))
      : h('p', {}, 'No games yet. Ask a moderator for an invitation, or start one: ', h('a', { href: '#/new' }, 'New game'), '.'),
  );
}

async function newGamePage(): Promise<void> {
  const { variants } = await api('GET', '/variants');
  const name = h('input', { id: 'name', required: true, maxlength: '100' });
  const variant = h('select', { id: 'variant' }, ...variants.map((v: Json) => h('option', { value: v.id }, v.name)));
  const scenario = h('select', { id: 'scenario' });
  const fill = () => scenario.replaceChildren(...variants.find((v: Json) => v.id === variant.value).scenarios.map((s: Json) => h('option', { value: s.id }, `${s.name} (${s.roles.length} players)`)));
  variant.addEventListener('change', fill);
  fill();
  const invites = h('textarea', { id: 'invites', rows: '3', placeholder: 'one address per line' });
  // Each phase's time (the API's deadline policy has more: time of day, skipped days, grace).
  const length = h('select', { id: 'phase-length', 'aria-describedby': 'phase-length-help' }, ...PHASE_LENGTHS.map(([m, label]) => h('option', { value: String(m) }, label)));
  const isPublic = h('input', { type: 'checkbox', id: 'public' });
  const out = h('div', {});
  main.replaceChildren(
    h('h1', {}, 'New game'),
    h('form', { class: 'stack', onsubmit: async (e: Event) => {
      e.preventDefault();
      out.replaceChildren();
      try {
        const m = Number(length.value);
        const g = await api('POST', '/games', { name: name.value.trim(), variant: variant.value, scenario: scenario.value, public: isPublic.checked, deadlines: { lengths: { movement: m, retreat: m, adjustment: m, ballot: m, turn: m } } });
        for (const email of invites.value.split(/[\s,;]+/).filter(Boolean)) await api('POST', `/games/${g.id}/invitations`, { email });
        location.hash = `#/games/${g.id}`;
      } catch (err) {
        out.append(showError(err));
      }
    } },
      h('label', { for: 'name' }, 'Name'), name,
      h('label', { for: 'variant' }, 'Game'), variant,
      h('label', { for: 'scenario' }, 'Scenario'), scenario,
      h('label', { for: 'phase-length' }, 'Time for each phase'), length,
      h('p', { id: 'phase-length-help', class: 'muted' }, 'A phase is processed at its deadline, or as soon as every player has ticked Ready. As the moderator you can move a deadline at any time.'),
      h('label', { for: 'invites' }, 'Invite players (email addresses)'), invites,
      h('p', { class: 'muted' }, 'Each gets an email with a link to the game. Once they have joined, start the game from its page.'),
      h('p', {}, isPublic, h('label', { for: 'public' }, ' Public: anyone may watch it, signed in or not (map, history, results; never sealed orders or press)')),
      h('button', { type: 'submit' }, 'Create the game')),
    out,
  );
}

const PHASE_LENGTHS: [number, string][] = [[1440, '1 day'], [2880, '2 days'], [720, '12 hours'], [60, '1 hour'], [10, '10 minutes'], [3, '3 minutes']];

/** The map of a game (now, or at a phase), inlined so that its units and spaces can be clicked. */
async function mapInto(box: HTMLElement, url: string): Promise<SVGSVGElement | null> {
  try {
    const svg = await api('GET', url);
    box.innerHTML = svg;
    const el = box.querySelector('svg');
    // Units become buttons on the player's map: a picture (role img) may not hold controls.
    el?.setAttribute('role', 'group');
    // The box scrolls when zoomed: it must be reachable from the keyboard.
    box.setAttribute('tabindex', '0');
    box.setAttribute('role', 'region');
    box.setAttribute('aria-label', el?.querySelector('title')?.textContent ?? 'Map');
    return el;
  } catch (e) {
    box.replaceChildren(e instanceof ApiError && e.status === 404 ? h('p', { class: 'muted' }, e.message) : showError(e));
    return null;
  }
}

async function gamePage(id: string): Promise<void> {
  const g = await api('GET', `/games/${id}`);
  const me = g.you;
  const phase = g.phase;
  // Before the start an invited or joined player has no power yet: the view calls them an observer.
  const mine = signedIn() && me.kind !== 'moderator' && g.status === 'forming' ? (await api('GET', '/games?mine=true')).games.find((x: Json) => x.id === id)?.you as string | undefined : undefined;
  const who = me.kind === 'player' ? `you play ${power(g, me.role)}` : me.kind === 'moderator' ? 'you are the moderator'
    : mine === 'player:joined' ? 'you have joined' : mine === 'player:invited' ? 'you are invited' : 'you are an observer';
  const header = h('section', { class: 'game-head' },
    h('h1', {}, g.name),
    h('p', {}, `${g.variantName} · ${g.scenarioName}${g.public ? ' · public' : ''} · ${who}`),
    signedIn() ? null : signInNote(`/games/${id}`),
    phase ? h('p', { class: 'phase' }, h('strong', {}, phase.label), ' — deadline ', when(phase.deadlineAt)) : h('p', {}, `Status: ${g.status}`),
    phase ? h('ul', { class: 'readiness', 'aria-label': 'Who has ordered' }, ...phase.readiness.filter((r: Json) => r.expected).map((r: Json) => h('li', { class: r.ready ? 'ready' : r.submitted ? 'submitted' : 'waiting', 'data-role': r.role }, `${power(g, r.role)}: ${r.ready ? 'ready' : r.submitted ? 'orders in' : 'waiting'}`))) : null,
  );
  const mapBox = h('div', { class: 'map', id: 'map' });
  const side = h('section', { class: 'side' });
  const hint = h('p', { class: 'hint', id: 'map-hint', 'aria-live': 'polite' });
  const mapWrap = h('div', { class: 'map-wrap' }, hint, mapBox);
  const results = h('div', {});
  main.replaceChildren(header, h('div', { class: 'board' }, mapWrap, side), results, g.status === 'forming' ? '' : h('p', {}, h('a', { href: `#/games/${id}/history` }, 'History: every phase with its map')));
  const svg = g.status === 'forming' ? null : await mapInto(mapBox, `/games/${id}/map.svg`);
  if (g.status === 'forming') mapBox.replaceChildren(h('p', { class: 'muted' }, 'The map appears when the game starts.'));
  if (g.status !== 'forming') await lastResults(id, g, results);

  if (signedIn() && me.kind !== 'moderator' && g.status === 'forming') {
    side.append(mine === 'player:joined'
      ? h('p', {}, 'You have joined. The game starts when its moderator starts it; your power is drawn then.')
      : h('div', {}, h('p', {}, mine === 'player:invited' ? 'You are invited to this game.' : 'This game is forming.'),
        h('button', { type: 'button', onclick: async () => { try { await api('POST', `/games/${id}/join`); say('Joined.'); void route(); } catch (e) { side.append(showError(e)); } } }, 'Join this game')));
  }
  if (me.kind === 'moderator' && g.status === 'forming') {
    const joined = g.players.filter((p: Json) => p.status === 'joined').length;
    const needed = g.powers?.length ?? 0;
    side.append(publicSwitch(id, g, side), h('h2', {}, 'Players'), h('ul', {}, ...g.players.map((p: Json) => h('li', {}, `${p.email ?? p.name ?? 'player'}: ${p.status}`))),
      h('p', { class: 'next-step' }, joined >= needed
        ? `${joined} of ${needed} players have joined: start the game. Their powers are drawn from the game's seed.`
        : `${joined} of ${needed} players have joined. Each invited player got an email with a link to this page; start the game once everyone has joined (reload to see who has).`),
      invitePanel(id),
      h('button', { type: 'button', onclick: async () => { try { await api('POST', `/games/${id}/start`); void route(); } catch (e) { side.append(showError(e)); } } }, 'Start the game'));
  }
  if (svg) mapWrap.prepend(zoomControls(mapBox));
  if (g.variant === 'maori-wars' && g.view?.victoryPoints) {
    const standing = me.kind === 'player' && g.phase ? (await api('GET', `/games/${id}/options`).catch(() => null))?.options?.standing?.map((x: Json) => String(x.text)) ?? null : null;
    side.append(mwPanel(id, g, standing));
  }
  if (g.position) side.append(h('details', { open: !svg }, h('summary', {}, svg ? 'Position as text' : 'Position'), h('pre', {}, g.position)));
  if (me.kind === 'player' && phase) await ordersPanel(id, g, side, svg);
  if (me.kind === 'moderator' && g.status !== 'forming') side.append(await moderatorConsole(id, g));
  if (me.kind === 'player' && (g.status === 'active' || g.status === 'paused')) side.append(await votePanel(id));
  if (me.kind === 'player' && g.status !== 'forming') side.append(await pressPanel(id, g));
  side.append(rulesSummary(g.variant));
}

/** The newest adjudicated phase: its map with the orders and their results, and its report. */
async function lastResults(id: string, g: Json, box: HTMLElement): Promise<void> {
  const phases = await allPhases(id).catch(() => [] as Json[]);
  const done = [...phases].reverse().find((p: Json) => p.status === 'adjudicated' && p.report);
  if (!done) return;
  const mapBox = h('div', { class: 'map', id: 'results-map' });
  box.replaceChildren(h('section', { class: 'results', 'aria-labelledby': 'results-title' },
    h('h2', { id: 'results-title' }, `Results of ${done.label}`),
    h('p', { class: 'muted' }, g.variant === 'hawaii1795' || g.variant === 'aloha' ? 'The report of the turn, and the map after it; the map above is the position now.' : g.variant === 'maori-wars' ? 'The report of the phase, and the map after it; the map above is the position now.' : 'Every order with its result (a failed one in red); the map above is the position now.'),
    h('div', { class: 'board' }, mapBox, h('pre', { class: 'report' }, done.report))));
  await mapInto(mapBox, `/games/${id}/phases/${done.seq}/map.svg`);
}

/** The moderator invites more players while the game forms. */
function invitePanel(id: string): Node {
  const email = h('input', { id: 'invite-email', type: 'email', placeholder: 'player@example.org' });
  const out = h('div', { 'aria-live': 'polite' });
  return h('form', { class: 'row', onsubmit: async (e: Event) => {
    e.preventDefault();
    out.replaceChildren();
    try { await api('POST', `/games/${id}/invitations`, { email: email.value.trim() }); say(`Invited ${email.value.trim()}.`); void route(); } catch (err) { out.append(showError(err)); }
  } }, h('label', { for: 'invite-email' }, 'Invite'), email, h('button', { type: 'submit', class: 'secondary' }, 'Send the invitation'), out);
}

/** Zoom for the map (pan by scrolling or dragging with a finger: the box scrolls). */
function zoomControls(box: HTMLElement): Node {
  let zoom = 1;
  const set = (z: number) => {
    zoom = Math.min(4, Math.max(1, z));
    box.style.setProperty('--zoom', String(zoom));
    box.classList.toggle('zoomed', zoom > 1);
    say(`Map zoom ${Math.round(zoom * 100)} %`);
  };
  return h('div', { class: 'zoom', role: 'group', 'aria-label': 'Map zoom' },
    h('button', { type: 'button', class: 'secondary', 'aria-label': 'Zoom in', onclick: () => set(zoom * 1.5) }, '+'),
    h('button', { type: 'button', class: 'secondary', 'aria-label': 'Zoom out', onclick: () => set(zoom / 1.5) }, '−'),
    h('button', { type: 'button', class: 'secondary', onclick: () => set(1) }, 'Whole map'));
}

/** A time as a datetime-local input's value: local time, to the second. */
function localInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** The moderator's switch: a public game may be watched by anyone, signed in or not. */
function publicSwitch(id: string, g: Json, out: HTMLElement): Node {
  const isPublic = h('input', { type: 'checkbox', id: 'game-public' });
  isPublic.checked = !!g.public;
  isPublic.addEventListener('change', async () => {
    out.replaceChildren();
    try { await api('PUT', `/games/${id}/public`, { public: isPublic.checked }); say(isPublic.checked ? 'The game is public: anyone may watch it.' : 'The game is private.'); void route(); } catch (e) { isPublic.checked = !isPublic.checked; out.append(showError(e)); }
  });
  return h('p', {}, isPublic, h('label', { for: 'game-public' }, ' Public: anyone may watch this game, signed in or not'));
}

/** Everything a moderator does to a running game, and what happened so far. */
async function moderatorConsole(id: string, g: Json): Promise<Node> {
  const out = h('div', { 'aria-live': 'polite' });
  const act = (label: string, method: string, path: string, body?: () => unknown, confirmText?: string) =>
    h('button', { type: 'button', class: 'secondary', onclick: async () => {
      if (confirmText && !confirm(confirmText)) return;
      out.replaceChildren();
      try { await api(method, path, body?.()); say(`${label}: done.`); void route(); } catch (e) { out.append(showError(e)); }
    } }, label);
  const minutes = h('input', { id: 'extend-minutes', type: 'number', min: '1', max: '43200', value: '1440', inputmode: 'numeric' });
  // A new deadline, to the second, in the browser's time zone (an earlier one too: the phase is then processed at that time).
  const deadlineAt = h('input', { id: 'deadline-at', type: 'datetime-local', step: '1' });
  if (g.phase?.deadlineAt) deadlineAt.value = localInput(new Date(g.phase.deadlineAt));
  const phases = await allPhases(id).catch(() => [] as Json[]);
  const back = h('select', { id: 'rollback-seq' }, ...phases.filter((p: Json) => p.seq !== g.phase?.seq).map((p: Json) => h('option', { value: String(p.seq) }, p.label)));
  const running = g.status === 'active' || g.status === 'paused';
  const players = g.players.filter((p: Json) => p.role).map((p: Json) => {
    const email = h('input', { type: 'email', id: `replace-${p.id}`, placeholder: 'new player’s address' });
    return h('li', {}, h('strong', {}, power(g, p.role)), ` — ${p.email ?? p.name ?? 'player'} (${p.status}${p.missedPhases ? `, missed ${p.missedPhases}` : ''})`,
      running ? h('div', { class: 'row' },
        h('label', { for: `replace-${p.id}`, class: 'visually-hidden' }, `Replace ${power(g, p.role)} with`), email,
        act(`Replace ${power(g, p.role)}`, 'POST', `/games/${id}/players/${p.id}/replace`, () => ({ email: email.value.trim() })),
        act(`Remove ${power(g, p.role)}`, 'DELETE', `/games/${id}/players/${p.id}`, undefined, `Remove ${power(g, p.role)}'s player? The power goes into civil disorder.`)) : null);
  });
  const { events } = await api('GET', `/games/${id}/events`).catch(() => ({ events: [] }));
  return h('section', { class: 'console' }, h('h2', {}, 'Moderator'),
    publicSwitch(id, g, out),
    running ? h('div', { class: 'row' },
      act('Process now', 'POST', `/games/${id}/process`),
      g.status === 'paused' ? act('Resume', 'POST', `/games/${id}/resume`) : act('Pause', 'POST', `/games/${id}/pause`),
      act('End the game', 'POST', `/games/${id}/end`, undefined, 'End the game now? The seed is published.')) : h('p', {}, `The game is ${g.status}.`),
    running && g.phase ? h('div', { class: 'row' }, h('label', { for: 'extend-minutes' }, 'Extend the deadline by (minutes)'), minutes,
      act('Extend', 'PUT', `/games/${id}/deadline`, () => ({ extendMinutes: Number(minutes.value) }))) : null,
    running && g.phase ? h('div', { class: 'row' }, h('label', { for: 'deadline-at' }, 'Set the deadline to (your time)'), deadlineAt,
      act('Set the deadline', 'PUT', `/games/${id}/deadline`, () => ({ at: new Date(deadlineAt.value).toISOString() }))) : null,
    running && back.options.length ? h('div', { class: 'row' }, h('label', { for: 'rollback-seq' }, 'Roll back to'), back,
      act('Roll back', 'POST', `/games/${id}/rollback`, () => ({ seq: Number(back.value) }), 'Roll the game back to that phase?')) : null,
    h('h3', {}, 'Players'), h('ul', { class: 'players' }, ...players), out,
    h('details', {}, h('summary', {}, `Event log (${events.length})`),
      h('ol', { class: 'events', tabindex: '0', 'aria-label': 'Event log' }, ...events.map((e: Json) => h('li', {}, h('time', { datetime: String(e.createdAt) }, new Date(e.createdAt).toLocaleString()), ` ${e.text}`)))));
}

/** Your draw vote (the game ends in a draw when every surviving power votes for it). */
async function votePanel(id: string): Promise<Node> {
  const v = await api('GET', `/games/${id}/votes`).catch(() => null);
  const box = h('section', { class: 'votes' }, h('h2', {}, 'Draw'));
  if (!v?.mine) return box;
  const draw = h('input', { type: 'checkbox', id: 'draw-vote' });
  draw.checked = v.mine.draw;
  draw.addEventListener('change', async () => {
    try {
      const r = await api('PUT', `/games/${id}/votes/draw`, { vote: draw.checked });
      say(r.ended ? `The game is over: ${r.ended.text}.` : draw.checked ? 'You vote for a draw.' : 'Draw vote withdrawn.');
      if (r.ended) void route();
    } catch (e) { box.append(showError(e)); }
  });
  box.append(h('p', {}, draw, h('label', { for: 'draw-vote' }, ' I vote for a draw')),
    h('p', { class: 'muted' }, v.rules.visibility === 'public' ? `Votes are public${v.votes?.draw?.length ? `: ${v.votes.draw.join(', ')} vote for a draw` : ''}.` : 'Votes are secret: nobody sees yours.'));
  return box;
}

/** Press: read what you sent and received; write to powers or to all, as the game allows. */
async function pressPanel(id: string, g: Json): Promise<Node> {
  const box = h('section', { class: 'press' }, h('h2', {}, 'Press'));
  const settings = await api('GET', `/games/${id}/email-settings`).catch(() => null);
  const { press } = await api('GET', `/games/${id}/press`).catch(() => ({ press: [] }));
  box.append(press.length
    ? h('ol', { class: 'press-list' }, ...press.map((p: Json) => h('li', {}, h('strong', {}, `${power(g, p.from)} → ${p.toAll ? 'all' : p.to.map((r: string) => power(g, r)).join(', ')}`), ` (${new Date(p.sentAt).toLocaleString()})`, h('p', {}, p.text))))
    : h('p', { class: 'muted' }, 'No press yet.'));
  if (!settings || settings.press === 'none') { box.append(h('p', { class: 'muted' }, 'This game allows no press.')); return box; }
  const others = g.powers.filter((p: string) => p !== g.you.role);
  const to = h('select', { id: 'press-to' }, h('option', { value: 'ALL' }, 'Everyone'), ...(settings.press === 'full' ? others.map((p: string) => h('option', { value: p }, power(g, p))) : []));
  const text = h('textarea', { id: 'press-text', rows: '3' });
  const out = h('div', { 'aria-live': 'polite' });
  box.append(h('form', { class: 'stack', onsubmit: async (e: Event) => {
    e.preventDefault();
    out.replaceChildren();
    try { await api('POST', `/games/${id}/press`, { to: to.value === 'ALL' ? 'ALL' : [to.value], text: text.value }); say('Press sent.'); void route(); } catch (err) { out.append(showError(err)); }
  } }, h('label', { for: 'press-to' }, 'To'), to, h('label', { for: 'press-text' }, 'Message'), text, h('button', { type: 'submit' }, 'Send press')), out);
  return box;
}

const RULES: Record<string, string[]> = {
  aloha: [
    'Aloha, the Spirit of Hawaii: manage Pure Hawaiian, Aloha and Commerce resources across the five islands, from the first migration to the election of the Governor.',
    'One decision at a time, in turn order: when it is your turn, pick your action from the list (or write it: migrate 5 Kauai Oahu, take Molokai, event 3). The others wait.',
    'Battles for the King are fought with dice from the game’s committed seed; the most points at the end of the Epilogue wins.',
  ],
  heiau: [
    'Heiau Diplomacy: Diplomacy on the Hawaiian islands. Armies (A) march on land, boat bunches (B) sail along coasts and carry one army, European fleets (F) sail the oceans.',
    'Orders are sealed and revealed together at the deadline: hold, move (-), support (S), convoy (C); = B turns an army into a boat bunch, = C back.',
    'Heiaus are the supply centres: whoever holds nine wins. The Haole powers know nothing of the natives’ setup until after the first Spring orders.',
  ],
  'maori-wars': [
    'Maori Wars: the Maori against the British in New Zealand, on a hex map of the North Island. Each Game Turn is a Maori Player Turn, then a British one, of eight phases each.',
    'The player whose turn it is sends each phase\'s actions (one a line, read in order); the other waits. Either may change their standing instructions at any time: they decide what happens when you are attacked.',
    'One Victory Point marker leans towards the side ahead: 9 VP wins at once, and so does wiping out the enemy\'s Villages and Pa (British) or Settlements (Maori). Dice come from the game\'s committed seed.',
  ],
  standard: ['Standard Diplomacy: seven powers, sealed orders revealed at the deadline; 18 supply centres win.'],
  hawaii1795: [
    'Hawaii 1795: Kamehameha against the allied chiefs, a card-driven wargame. Each turn you play a card: its fleet moves carry your canoes, its event may change the war.',
    'Battles are fought with dice from the game’s committed seed; the fog of war hides what your forces cannot see.',
  ],
};

function rulesSummary(variant: string): Node {
  return h('details', { class: 'rules' }, h('summary', {}, 'Rules in brief'), ...(RULES[variant] ?? ['See the rulebook.']).map((t) => h('p', {}, t)));
}

async function ordersPanel(id: string, g: Json, side: HTMLElement, svg: SVGSVGElement | null): Promise<void> {
  const current = await api('GET', `/games/${id}/orders`).catch(() => null);
  const opts = await api('GET', `/games/${id}/options`).catch(() => null);
  const units: Json[] = opts?.options?.units ?? [];
  const chosen = new Map<string, string>();
  for (const line of current?.lines ?? []) if (line.ok) {
    const u = units.find((x) => line.reading?.startsWith(`${x.type} ${x.name}`));
    if (u) chosen.set(u.unit, line.text);
  }
  const result = h('div', { class: 'result', 'aria-live': 'polite' });
  const selects = new Map<string, HTMLSelectElement>();
  const list = h('div', { class: 'orders' });
  for (const u of units) {
    const sel = h('select', { id: `order-${u.unit}`, 'data-unit': u.unit }, h('option', { value: '' }, '(no order: holds)'), ...u.orders.map((o: Json) => h('option', { value: o.text }, o.text)));
    sel.value = chosen.get(u.unit) ?? '';
    selects.set(u.unit, sel);
    list.append(h('div', { class: 'order-row' }, h('label', { for: `order-${u.unit}` }, `${u.type} ${u.name}`), sel));
  }
  const picked = () => [...selects.entries()].filter(([, sel]) => sel.value).map(([unit, sel]) => ({ unit, text: sel.value, order: String(units.find((u) => u.unit === unit)?.orders.find((o: Json) => o.text === sel.value)?.order ?? '') }));
  const redraw = (sent = false) => { if (svg) drawOrders(svg, picked(), sent); };
  for (const sel of selects.values()) sel.addEventListener('change', () => redraw());
  // Orders already stored are drawn as sent.
  if (chosen.size) redraw(true);
  const text = h('textarea', { id: 'orders-text', rows: '5', 'aria-describedby': 'orders-help' });
  text.value = (current?.lines ?? []).map((l: Json) => l.text).join('\n');
  const send = async (lines: string[]) => {
    result.replaceChildren();
    if (!lines.some((l) => l.trim())) {
      result.append(h('p', { class: 'error', role: 'alert' }, g.variant === 'hawaii1795'
        ? 'Write at least one line, for example HOLD or PLAY and a card’s number, then send.'
        : 'Give at least one order, then send.'));
      return;
    }
    try {
      const r = await api('PUT', `/games/${id}/orders`, { orders: lines, acceptPartial: true });
      result.append(h('ol', { class: 'readings' }, ...r.lines.map((l: Json) => h('li', { class: l.ok ? 'ok' : 'error' }, `${l.text} — ${l.ok ? `read as ${l.reading}` : l.error}`))),
        h('p', { class: 'receipt' }, `Receipt ${r.receipt.hash.slice(0, 16)}… at ${new Date(r.receipt.at).toLocaleString()}`));
      say(`Orders stored: ${r.accepted} accepted, ${r.rejected} rejected.`);
      if (!r.rejected) redraw(true);
      // What happens next, and the header's readiness brought up to date.
      const chip = document.querySelector<HTMLElement>(`.readiness li[data-role="${g.you.role}"]`);
      if (chip && r.accepted && !ready.checked) { chip.className = 'submitted'; chip.textContent = `${power(g, g.you.role)}: orders in`; }
      if (r.rejected) result.append(h('p', { class: 'error' }, `${r.rejected === 1 ? 'One line was' : `${r.rejected} lines were`} not accepted (the reason is next to it): correct and send again.`));
      if (r.accepted) result.append(h('p', { class: 'next-step' }, `Your orders are in. They are carried out at the deadline (${when(g.phase.deadlineAt)}); until then you may change them.${notYourTurn ? '' : ' Tick Ready below to have the phase processed early, once every player is ready.'}`));
    } catch (e) {
      const b = e instanceof ApiError ? e.body : null;
      // The lines at fault (the problem's other entries name request fields, for programs).
      result.append(showError(e), ...(b?.errors ?? []).filter((x: Json) => x.line !== undefined).map((x: Json) => h('p', { class: 'error' }, `line ${x.line}: ${x.message ?? x.error ?? ''}`)));
    }
  };
  const ready = h('input', { type: 'checkbox', id: 'ready' });
  ready.checked = !!g.phase.readiness.find((r: Json) => r.role === g.you.role)?.ready;
  ready.addEventListener('change', async () => {
    try {
      await api('PUT', `/games/${id}/ready`, { ready: ready.checked });
      say(ready.checked ? 'You are ready.' : 'You are not ready.');
      const chip = document.querySelector<HTMLElement>(`.readiness li[data-role="${g.you.role}"]`);
      if (chip) { chip.className = ready.checked ? 'ready' : 'submitted'; chip.textContent = `${power(g, g.you.role)}: ${ready.checked ? 'ready' : 'orders in'}`; }
    } catch (e) { ready.checked = !ready.checked; result.append(showError(e)); }
  });

  // Hawaii 1795: one side plays the turn; the other only sets its standing instructions.
  const mwWaits = g.variant === 'maori-wars' && !!opts?.options?.waitingFor && opts.options.waitingFor !== g.you.role;
  const notYourTurn = opts?.options?.yourTurn === false || mwWaits;
  side.append(h('h2', {}, notYourTurn ? g.phase.label : `Your orders for ${g.phase.label}`));
  if (mwWaits) side.append(h('p', { class: 'next-step' }, `It is the ${power(g, opts.options.waitingFor)} player's turn: you have nothing to order. You may change your standing instructions (above) at any time.`));
  else if (notYourTurn) side.append(h('p', { class: 'next-step' }, `It is ${power(g, g.phase.readiness.find((r: Json) => r.expected && r.role !== g.you.role)?.role ?? 'the other side')}'s turn: you have nothing to order. You may change your standing instructions (below) with STANDING lines in the text box.`));
  if (units.length) {
    side.append(h('p', { class: 'muted' }, 'Click one of your units on the map, then the space it should move to; or pick each order from the lists.'), list,
      h('button', { type: 'button', onclick: () => void send([...selects.values()].map((s) => s.value).filter(Boolean)) }, 'Send these orders'));
  }
  // Games played one action at a time (Aloha): every legal action in a list.
  const actions: Json[] = opts?.options?.actions ?? [];
  if (actions.length && g.variant === 'maori-wars') {
    side.append(mwActionLists(actions, svg, text, g.view));
  } else if (actions.length) {
    const pickAction = h('select', { id: 'action' }, ...actions.map((a: Json) => h('option', { value: a.text }, a.text)));
    side.append(h('label', { for: 'action' }, 'Your action'), pickAction,
      h('button', { type: 'button', onclick: () => void send([pickAction.value]) }, 'Send this action'));
  } else if (opts?.options?.waitingFor && opts.options.waitingFor !== g.you.role && !mwWaits) {
    side.append(h('p', { class: 'muted' }, `${opts.options.waitingFor} is deciding; you wait for your turn. You may queue your next actions as text below (one a line): they are played when your turn comes only if nothing happens before it.`));
  }
  // Maori Wars: click one of your stacks, then a hex: the move there (or the attack on an enemy
  // there) offered in the list is added to the text box as a line.
  if (svg && g.variant === 'maori-wars' && actions.length) mwMapClicks(svg, actions, text);
  // Aloha's queued actions: the view shows a player only their own.
  const queued: string[] = g.view?.queued?.[g.you.role] ?? [];
  if (queued.length) side.append(h('p', { class: 'queued' }, `Your queued actions: ${queued.join('; ')}.`));
  side.append(h('details', { open: !units.length && !actions.length }, h('summary', {}, 'Write orders as text'), h('label', { for: 'orders-text' }, 'Orders, one a line'), h('p', { id: 'orders-help', class: 'muted' }, 'As you would write them by email.'), text,
    h('button', { type: 'button', onclick: () => void send(text.value.split('\n')) }, 'Send the text')));
  // Readiness is for those who order in this phase (not the side that waits in Hawaii 1795).
  if (!notYourTurn) side.append(h('p', {}, ready, h('label', { for: 'ready' }, ' Ready: process the phase early once everyone is')));
  side.append(result);
  if (g.variant === 'hawaii1795') side.append(handPanel(g, !notYourTurn, opts?.help));

  // Clicking the map: a unit selects its list; a space then picks that unit's move there.
  if (svg) {
    let selected: string | null = null;
    const hint = document.getElementById('map-hint');
    const tell = (text: string) => { if (hint) hint.textContent = text; };
    if (units.length) tell('Click one of your units on the map, then the space it should move to.');
    // After a unit is selected, another unit clicked is the one it supports or convoys.
    let other: string | null = null;
    const prov = (w: string | undefined) => (w ?? '').split('/')[0];
    svg.querySelectorAll<SVGGElement>('g.unit[data-unit]').forEach((el) => {
      const loc = el.dataset.unit!;
      el.addEventListener('click', (e) => {
        if (!selected || selected === loc || other) return;
        const u = units.find((x) => x.unit === selected);
        if (!(u?.orders ?? []).some((o: Json) => (o.kind === 'support' || o.kind === 'convoy') && prov(String(o.order).split(' ')[4]) === prov(loc))) return;
        e.stopImmediatePropagation();
        other = loc;
        tell(`${u.type} ${u.name} supports or convoys ${el.querySelector('title')?.textContent ?? loc}: now click where that unit goes (or the unit itself, to support it holding). Escape cancels.`);
      });
    });
    // One Escape handler at a time: the page is rebuilt on every visit.
    document.removeEventListener('keydown', onEscape);
    onEscape = (e) => {
      if (e.key !== 'Escape' || !selected) return;
      svg.querySelectorAll('g.unit.selected').forEach((x) => x.classList.remove('selected'));
      selected = null; other = null;
      tell('Cancelled. Click one of your units on the map.');
    };
    document.addEventListener('keydown', onEscape);
    svg.querySelectorAll<SVGGElement>('g.unit[data-unit]').forEach((el) => {
      const loc = el.dataset.unit!;
      if (!selects.has(loc)) return;
      el.classList.add('mine');
      el.setAttribute('tabindex', '0');
      el.setAttribute('role', 'button');
      const pick = () => {
        svg.querySelectorAll('g.unit.selected').forEach((x) => x.classList.remove('selected'));
        el.classList.add('selected');
        selected = loc;
        const u = units.find((x) => x.unit === loc);
        const to = (u?.orders ?? []).filter((o: Json) => o.kind === 'move').map((o: Json) => String(o.text).split(' - ')[1]);
        tell(`Selected: ${el.querySelector('title')?.textContent ?? loc}. ${to.length ? `Now click where it should go: ${to.join(', ')}` : 'It cannot move; pick its order from the list'}. Or click another of your units.`);
      };
      el.addEventListener('click', (e) => { if (other) return; e.stopPropagation(); pick(); });
      el.addEventListener('keydown', (e) => { if ((e as KeyboardEvent).key === 'Enter') pick(); });
    });
    // The space under the pointer, also where a name or another power's unit covers it.
    svg.addEventListener('click', (e) => {
      if (!selected) return;
      const hit = document.elementsFromPoint(e.clientX, e.clientY).find((x) => x instanceof SVGPathElement && x.dataset.space) as SVGPathElement | undefined;
      if (!hit) return;
      const space = hit.dataset.space!;
      const u = units.find((x) => x.unit === selected);
      if (other) {
        // Only an order the options list: support of a move there, support holding, or a convoy there.
        const w = (o: Json) => String(o.order).split(' ');
        const pickedOrder = u?.orders.find((o: Json) => (o.kind === 'support' || o.kind === 'convoy') && prov(w(o)[4]) === prov(other!)
          && (w(o).length > 5 ? prov(w(o)[6]) === space : prov(other!) === space));
        if (!pickedOrder) { tell(`${u?.type ?? ''} ${u?.name ?? 'That unit'} cannot support or convoy that; click another space, or Escape.`); return; }
        selects.get(selected!)!.value = pickedOrder.text;
        redraw();
        svg.querySelectorAll('g.unit.selected').forEach((x) => x.classList.remove('selected'));
        selected = null; other = null;
        tell(`Order: ${pickedOrder.text}. Click your next unit, or send these orders.`);
        return;
      }
      const move = u?.orders.find((o: Json) => o.kind === 'move' && (o.order.split(' ')[3] ?? '').split('/')[0] === space);
      if (!move) { tell(`${u?.type ?? ''} ${u?.name ?? 'That unit'} cannot move there; pick another space, or its order from the list.`); return; }
      selects.get(selected)!.value = move.text;
      redraw();
      svg.querySelectorAll('g.unit.selected').forEach((x) => x.classList.remove('selected'));
      selected = null;
      tell(`Order: ${move.text}. Click your next unit, or send these orders.`);
    });
  }
}

function mwMapClicks(svg: SVGSVGElement, actions: Json[], text: HTMLTextAreaElement): void {
  const hint = document.getElementById('map-hint');
  const tell = (t: string) => { if (hint) hint.textContent = t; };
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
    el.addEventListener('keydown', (e) => { if ((e as KeyboardEvent).key === 'Enter') pick(); });
  });
  svg.addEventListener('click', (e) => {
    if (!selected) return;
    const hit = document.elementsFromPoint(e.clientX, e.clientY).find((x) => x instanceof SVGPathElement && x.dataset.hex) as SVGPathElement | undefined;
    if (!hit) return;
    const to = hit.dataset.hex!;
    const a = actions.find((x) => x.kind === 'attack' && x.to === to && x.from?.includes(selected)) ?? actions.find((x) => x.kind === 'move' && x.to === to && x.from?.includes(selected));
    if (!a) { tell(`Nothing of your stack at ${nameOf(selected)} can move to or attack ${nameOf(to)}; pick another hex, or an order from the list.`); return; }
    text.value = `${text.value.replace(/\n*$/, '')}${text.value.trim() ? '\n' : ''}${a.text}`;
    text.closest('details')?.setAttribute('open', '');
    svg.querySelectorAll('g.stack.selected').forEach((x) => x.classList.remove('selected'));
    selected = null;
    tell(`Added: ${a.text}. Click your next stack, or send the text.`);
  });
}

// ---- Maori Wars: the game's own panel beside the map (turn, phase, VP, Bush Raider Box, standing instructions).

const MW_PHASES = ['Reinforcement Phase', 'Movement Phase', 'Rally Phase', 'Alliance Phase', 'Combat Phase', 'Bush Raider Phase', 'Construction Phase', 'Attrition Phase'];
/** What each standing instruction decides (docs/maori-wars.md, "Decisions given to players"), by its word in a STANDING line (the forms: src/maori-wars/standing.ts). */
const MW_STANDING: Record<string, { key: string; label: string; help?: string; default?: string }> = {
  EVADE: { key: 'evade', label: 'Evade when attacked (9.0 step 2; NEVER also stays put on a Night Withdrawal)' },
  'EVADE STAY': { key: 'evadeStay', label: 'How many units of a stack remain when the others evade (9.0 step 2)', help: 'a number: those your LOSSES order takes last remain', default: 'DEFAULT (every unit evades)' },
  'EVADE SPREAD': { key: 'evadeSpread', label: 'Evading units each go to a hex of their own (9.0 step 2)' },
  COUNTER: { key: 'counter', label: 'Counter-attack when attacked (9.0 step 6)' },
  ABSORB: { key: 'absorb', label: 'Let a Fort or Pa absorb a hit (9.0 step 7)' },
  FORT: { key: 'fortRetreat', label: 'Units in a Fort or Pa told to retreat: stay or leave (9.0)' },
  BOMBARD: { key: 'bombard', label: 'Bombard before your attacks (9.0 step 4)' },
  LOSSES: { key: 'losses', label: 'Which kinds take hits and disruptions first (9.0)', help: 'unit kinds in order, separated by commas, e.g. MILITIA, WARRIOR', default: 'DEFAULT (Disrupted units first, then the weakest kinds)' },
  REINFORCE: { key: 'reinforce', label: 'Which unit a reinforcement Battle Dispatch chit brings first (9.0 step 3)', help: 'unit kinds in order, separated by commas', default: 'DEFAULT (the first such unit in the Reinforcement Box)' },
  ARRIVE: { key: 'arrive', label: 'Where a chit\'s reinforcement arrives first (5.0)', help: 'hexes in order, separated by commas', default: 'DEFAULT (the first hex by number where it may arrive)' },
  WOUNDED: { key: 'wounded', label: 'Which leader a "Leader Wounded" chit takes first (9.0 step 3)', help: 'your leaders in order, separated by commas', default: 'DEFAULT (the first by name)' },
  EXTRA: { key: 'extra', label: 'Make the combat or Raid elsewhere that a chit gives (9.0 step 3)' },
  TARGETS: { key: 'targets', label: 'Which hexes that combat or Raid attacks first (9.0 step 3)', help: 'hexes in order, separated by commas', default: 'DEFAULT (the best odds)' },
  PARLEY: { key: 'parley', label: 'Roll for an alliance on a Chiefs Parley chit (8.0)' },
  'COUNTER AT': { key: 'counterAt', label: 'Which attacking hex your counter-attack goes against, first (9.0 step 6)', help: 'hexes in order, separated by commas', default: 'DEFAULT (the attacking hex with most units)' },
  'PARLEY AT': { key: 'parleyAt', label: 'Which Neutral Village a Chiefs Parley chit\'s roll is for, first (8.0)', help: 'hexes or places in order, separated by commas', default: 'DEFAULT (the nearest within 3 hexes)' },
  'EXTRA FROM': { key: 'extraFrom', label: 'From which hexes a chit\'s combat or Raid elsewhere is made (only those; 9.0 step 3)', help: 'hexes in order, separated by commas', default: 'DEFAULT (every unit able)' },
  'EXTRA CHARGE': { key: 'extraCharge', label: 'Your Cavalry charge in a chit\'s combat elsewhere when they may (9.0 step 5)' },
  REPLY: { key: 'reply', label: 'Which landing hex your raided units reply against, first (10.0)', help: 'hexes in order, separated by commas', default: 'DEFAULT (the hex with most raiders)' },
  ATTRITION: { key: 'attrition', label: 'Where the unit attrition removes or Disrupts is taken first (13.0)', help: 'hexes in order, separated by commas', default: 'DEFAULT (Disrupted units first, then the first listed)' },
};

/** A hex as people read it: its place's name and number, else its number. */
function mwHexName(svg: SVGSVGElement | null, hex: string): string {
  const name = svg?.querySelector(`path.hex[data-hex="${CSS.escape(hex)}"]`)?.getAttribute('aria-label')?.split(', hex ')[0];
  return name && !name.startsWith('hex ') ? `${name} (${hex})` : `hex ${hex}`;
}

function mwPanel(id: string, g: Json, standing: string[] | null): Node {
  const v = g.view;
  const box = h('section', { class: 'mw-panel', 'aria-labelledby': 'mw-title' });
  box.append(h('h2', { id: 'mw-title' }, v.result ? 'The game is over' : `Game Turn ${v.turn} of ${v.lastTurn}`));
  if (!v.result) {
    box.append(h('p', { class: 'mw-phase' }, h('strong', {}, `${v.side} Player Turn`), `: ${v.phase}`),
      h('ol', { class: 'mw-phases', 'aria-label': `Phases of the ${v.side} Player Turn` }, ...MW_PHASES.map((p) => h('li', { ...(p === v.phase ? { class: 'now', 'aria-current': 'step' } : {}) }, p.replace(/ Phase$/, '')))));
  } else box.append(h('p', { class: 'mw-phase' }, h('strong', {}, `${v.result.text}.`)));

  // The one VP marker (1.0): Maori VP to the left of 0, British to the right, up to the decisive number.
  const vp = v.victoryPoints, win = v.victory?.decisive ?? 9;
  const cells = [];
  for (let n = -win; n <= win; n++) {
    const here = n === Math.max(-win, Math.min(win, vp.marker));
    const name = n === 0 ? '0' : `${Math.abs(n)} ${n > 0 ? 'British' : 'Maori'}`;
    cells.push(h('li', { class: `${n < 0 ? 'maori' : n > 0 ? 'british' : 'zero'}${here ? ' marker' : ''}`, title: name, ...(here ? { 'aria-current': 'true' } : {}) }, h('span', { class: 'visually-hidden' }, name), h('span', { 'aria-hidden': 'true' }, String(Math.abs(n)))));
  }
  const track = h('ol', { class: 'mw-vp', 'aria-labelledby': 'mw-vp-title' }, ...cells);
  track.style.setProperty('--cells', String(cells.length));
  const maoriVillages = (v.structures ?? []).filter((x: Json) => x.side === 'Maori' && (x.kind === 'village' || x.kind === 'pa')).length;
  const settlements = (v.structures ?? []).filter((x: Json) => x.kind === 'settlement').length;
  const lv = v.victory ?? { decisive: 9, minor: 2, major: 6 };
  box.append(h('h3', { id: 'mw-vp-title' }, 'Victory Points'),
    h('p', { class: 'mw-vp-now' }, `Marker: ${vp.text === '0' ? '0 (nobody leads)' : `${vp.text}`}.`),
    h('div', { class: 'mw-track-ends', 'aria-hidden': 'true' }, h('span', {}, '← Maori'), h('span', {}, 'British →')),
    track,
    h('ul', { class: 'mw-victory', 'aria-label': 'What decides victory' },
      h('li', {}, `The first side to ${lv.decisive} VP wins at once.`),
      h('li', {}, lv.villagesAndPaCount === false ? 'The British would win at once by eliminating all Maori Villages and Pa: there are none yet.' : `The British win at once when no Maori Village or Pa is left (${maoriVillages} now).`),
      h('li', {}, lv.settlementsCount === false ? 'The Maori would win at once by eliminating all Settlements: there are none yet (once the British build one, this counts).' : `The Maori win at once when no Settlement is left (${settlements} now; Forts do not count).`),
      h('li', {}, `Otherwise, after Game Turn ${v.lastTurn}: 0–${lv.minor - 1} VP a draw, ${lv.minor}–${lv.major - 1} a minor victory, ${lv.major}–${lv.decisive - 1} a major victory for the side the marker leans to.`)));

  // The Bush Raider Box (10.0): the units in it by territory, as the view shows them to this reader.
  const bush = new Map<string, Json[]>();
  for (const u of v.units ?? []) if (u.territory) bush.set(u.territory, [...(bush.get(u.territory) ?? []), u]);
  box.append(h('h3', {}, 'Bush Raider Box'), bush.size
    ? h('ul', { class: 'mw-bush' }, ...[...bush].map(([t, us]) => h('li', {}, h('strong', {}, t), ': ', us.map((u: Json) => `${u.side} ${u.leader ?? u.kind}${u.disrupted ? ' (Disrupted)' : ''}`).join(', '))))
    : h('p', { class: 'muted mw-bush-empty' }, 'No unit is in the Bush Raider Box.'));
  const boxed = (v.units ?? []).filter((u: Json) => u.reinforcementBox);
  if (boxed.length) box.append(h('p', { class: 'muted' }, `Reinforcement Box: ${boxed.length} ${boxed.length === 1 ? 'unit' : 'units'}.`));

  const mine = g.you?.kind === 'player' ? v.standing?.[g.you.role] : null;
  if (mine && standing) box.append(mwStandingForm(id, mine, standing));
  return box;
}

/** The player's standing instructions, each with a form that sends its STANDING line (kept with the phase's other lines). */
function mwStandingForm(id: string, mine: Json, offered: string[]): Node {
  const out = h('div', { 'aria-live': 'polite', class: 'mw-standing-out' });
  const groups = new Map<string, string[]>();
  for (const t of offered) {
    // COUNTER AT, PARLEY AT, EXTRA FROM, EXTRA CHARGE, EVADE STAY and EVADE SPREAD are instructions of their own, beside COUNTER, PARLEY, EXTRA and EVADE.
    const [, word, value] = /^STANDING (COUNTER AT|PARLEY AT|EXTRA FROM|EXTRA CHARGE|EVADE STAY|EVADE SPREAD|\S+) (.+)$/.exec(t) ?? [];
    if (word) groups.set(word, [...(groups.get(word) ?? []), value!]);
  }
  const send = async (word: string, line: string) => {
    out.replaceChildren();
    try {
      // The phase's stored lines stay; an earlier line for the same instruction gives way to this one.
      const cur = await api('GET', `/games/${id}/orders`).catch(() => null);
      const same = new RegExp(`^\\s*standing\\s+${word.replace(' ', '\\s+')}\\b${word.includes(' ') ? '' : '(?!\\s+(at|from|charge|stay|spread)\\b)'}`, 'i');
      const keep = (cur?.lines ?? []).map((l: Json) => String(l.text)).filter((t: string) => !same.test(t));
      const r = await api('PUT', `/games/${id}/orders`, { orders: [...keep, line], acceptPartial: true });
      const mineRead = r.lines.find((l: Json) => l.text === line);
      out.append(mineRead?.ok ? h('p', { class: 'ok' }, `Sent: ${line}. It applies when the current phase is processed.`) : h('p', { class: 'error', role: 'alert' }, `${line}: ${mineRead?.error ?? 'not accepted'}`));
      const text = document.getElementById('orders-text') as HTMLTextAreaElement | null;
      if (text) text.value = r.lines.filter((l: Json) => l.ok).map((l: Json) => l.text).join('\n');
      say(mineRead?.ok ? `Standing instruction sent: ${line}.` : 'The standing instruction was not accepted.');
    } catch (e) { out.append(showError(e)); }
  };
  const rows: Node[] = [];
  for (const [word, values] of groups) {
    const meta = MW_STANDING[word] ?? { key: word.toLowerCase(), label: word };
    const cur = mine[meta.key];
    const fid = `standing-${word.toLowerCase().replace(' ', '-')}`;
    // A list the player writes (offered only as DEFAULT): a text box; empty sends DEFAULT.
    if (values.length === 1 && values[0] === 'DEFAULT') {
      const input = h('input', { id: fid, name: fid, placeholder: 'DEFAULT', 'aria-describedby': `${fid}-help` });
      input.value = cur ? String(cur).toUpperCase() : '';
      rows.push(h('form', { class: 'mw-standing-row', onsubmit: (e: Event) => { e.preventDefault(); void send(word, `STANDING ${word} ${input.value.trim() || 'DEFAULT'}`); } },
        h('label', { for: fid }, meta.label), h('div', { class: 'row' }, input, h('button', { type: 'submit', class: 'secondary', 'aria-label': `Set: ${meta.label}` }, 'Set')),
        h('p', { id: `${fid}-help`, class: 'muted' }, `Now: ${cur ? String(cur).toUpperCase() : meta.default ?? 'DEFAULT'}. ${meta.help ? `${meta.help[0]!.toUpperCase()}${meta.help.slice(1)}` : 'In order, separated by commas'}; empty for DEFAULT.`)));
      continue;
    }
    const sel = h('select', { id: fid, name: fid }, ...values.map((x) => h('option', { value: x }, x)));
    if (cur && values.includes(String(cur).toUpperCase())) sel.value = String(cur).toUpperCase();
    rows.push(h('form', { class: 'mw-standing-row', onsubmit: (e: Event) => { e.preventDefault(); void send(word, `STANDING ${word} ${sel.value}`); } },
      h('label', { for: fid }, meta.label), h('div', { class: 'row' }, sel, h('button', { type: 'submit', class: 'secondary', 'aria-label': `Set: ${meta.label}` }, 'Set')),
      h('p', { class: 'muted' }, `Now: ${cur ? String(cur).toUpperCase() : '—'}.`)));
  }
  return h('section', { class: 'mw-standing', 'aria-labelledby': 'mw-standing-title' }, h('h3', { id: 'mw-standing-title' }, 'Your standing instructions'),
    h('p', { class: 'muted' }, 'They decide for you when the other side attacks, any time in the turn. Each is yours alone; changes apply when the current phase is processed.'),
    ...rows, out);
}

/** Maori Wars: the offered actions as lists, one for each of your stacks (its moves and attacks) and one for each other kind. */
function mwActionLists(actions: Json[], svg: SVGSVGElement | null, text: HTMLTextAreaElement, view: Json): Node {
  const KIND_NAMES: Record<string, string> = { reinforce: 'Reinforcements', move: 'Moves', attack: 'Attacks', transport: 'Transport by boat', destroyCanoe: 'Destroy a Canoe', negotiate: 'Negotiations', leaderMove: 'Leader moves', ship: 'Sea shipment', sap: 'Sap Marker', bombard: 'Bombardment', carry: 'Carry a Canoe', raid: 'Raids from the Bush Raider Box', bushRaid: 'Raids in the Bush Raider Box', bushEnter: 'Into the Bush Raider Box', bushMove: 'Between territories', bushLeave: 'Out of the Bush Raider Box', build: 'Construction', repair: 'Repair', pass: 'Pass' };
  const groups = new Map<string, { label: string; list: Json[] }>();
  for (const a of actions) {
    const stack = (a.kind === 'move' || a.kind === 'attack') && a.from?.length ? a.from[0] : null;
    const key = stack ? `stack:${stack}` : `kind:${a.kind}`;
    if (!groups.has(key)) {
      const units = stack ? (view?.units ?? []).filter((u: Json) => u.hex === stack && u.side === view.side).map((u: Json) => `${u.leader ?? u.kind}${u.disrupted ? ' (Disrupted)' : ''}`) : [];
      groups.set(key, { label: stack ? `Your stack at ${mwHexName(svg, stack)}${units.length ? ` (${units.join(', ')})` : ''}` : KIND_NAMES[a.kind] ?? a.kind[0].toUpperCase() + a.kind.slice(1), list: [] });
    }
    groups.get(key)!.list.push(a);
  }
  const hint = document.getElementById('map-hint');
  const rows = [...groups].map(([key, gr], i) => {
    const sid = `mw-list-${i}`;
    const sel = h('select', { id: sid, 'data-group': key }, ...gr.list.map((a) => h('option', { value: a.text }, a.text)));
    const add = () => {
      text.value = `${text.value.replace(/\n*$/, '')}${text.value.trim() ? '\n' : ''}${sel.value}`;
      text.closest('details')?.setAttribute('open', '');
      if (hint) hint.textContent = `Added: ${sel.value}. Pick your next order, or send the text.`;
    };
    return h('div', { class: 'order-row' }, h('label', { for: sid }, gr.label), h('div', { class: 'row mw-pick' }, sel, h('button', { type: 'button', class: 'secondary', 'aria-label': `Add to the text: ${gr.label}`, onclick: add }, 'Add')));
  });
  return h('section', { class: 'mw-actions', 'aria-labelledby': 'mw-actions-title' }, h('h3', { id: 'mw-actions-title' }, 'Offered orders'),
    h('p', { class: 'muted' }, 'Pick an order from a list and add it to the text below (each line is read after the ones before it), then send the text.'), h('div', { class: 'orders' }, ...rows));
}

let onEscape: (e: KeyboardEvent) => void = () => {};

const SVGNS = 'http://www.w3.org/2000/svg';
function svgEl(tag: string, attrs: Record<string, string>): SVGElement {
  const el = document.createElementNS(SVGNS, tag) as SVGElement;
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

/** Draws the chosen orders over the map: dashed while not sent yet, solid once sent. */
function drawOrders(svg: SVGSVGElement, orders: { unit: string; text: string; order: string }[], sent: boolean): void {
  svg.querySelector('g.chosen-orders')?.remove();
  const layer = svgEl('g', { class: `chosen-orders ${sent ? 'sent' : 'pending'}`, 'pointer-events': 'none' });
  const colour = sent ? '#1d4e5f' : '#b3261e';
  const centre = (space: string): [number, number] | null => {
    const p = svg.querySelector<SVGPathElement>(`path[data-space="${CSS.escape(space)}"]`);
    if (!p) return null;
    const b = p.getBBox();
    return [b.x + b.width / 2, b.y + b.height / 2];
  };
  for (const o of orders) {
    const at = svg.querySelector<SVGGElement>(`g.unit[data-unit="${CSS.escape(o.unit)}"]`)?.dataset.at?.split(',').map(Number);
    if (!at) continue;
    const g = svgEl('g', { [sent ? 'data-sent-order' : 'data-pending-order']: o.text });
    g.append(svgEl('title', {}));
    g.lastChild!.textContent = `${o.text} (${sent ? 'sent' : 'not sent yet'})`;
    // The order's last space other than the unit's own: where a move goes, a support or convoy points.
    const spaces = o.order.split(' ').map((w) => w.split('/')[0]).filter((w) => w !== o.unit && centre(w));
    const to = spaces.length ? centre(spaces[spaces.length - 1]) : null;
    if (to) g.append(svgEl('line', { x1: String(at[0]), y1: String(at[1]), x2: String(to[0]), y2: String(to[1]), stroke: colour, 'stroke-width': '3', ...(sent ? {} : { 'stroke-dasharray': '8 5' }) }), svgEl('circle', { cx: String(to[0]), cy: String(to[1]), r: '5', fill: colour }));
    else g.append(svgEl('circle', { cx: String(at[0]), cy: String(at[1]), r: '16', fill: 'none', stroke: colour, 'stroke-width': '3', ...(sent ? {} : { 'stroke-dasharray': '6 4' }) }));
    layer.append(g);
  }
  if (orders.length) {
    const vb = svg.viewBox.baseVal;
    const legend = svgEl('text', { x: String(vb.x + 10), y: String(vb.y + vb.height - 10), fill: colour, 'font-size': '16', 'font-weight': 'bold' });
    legend.textContent = sent ? 'Solid: orders sent' : 'Dashed: orders not sent yet';
    layer.append(legend);
  }
  svg.append(layer);
}

/** A power as the rulebook names it (ids are for programs). */
function power(g: Json, role: string): string {
  return g.powerNames?.[role] ?? role;
}

function handPanel(g: Json, yourTurn: boolean, help?: string): Node {
  const mine = g.view?.cards?.[g.you.role];
  if (!mine) return h('div', {});
  const card = (c: Json) => h('li', {}, h('strong', {}, `${c.number}. ${c.title}`), c.text ? ` — ${c.text}` : '', ` (fleet moves ${c.fleetMoves})`);
  return h('section', { class: 'hand' }, h('h2', {}, 'Your hand'),
    mine.drawn ? h('p', {}, 'Drawn this turn: ', h('strong', {}, `${mine.drawn.number}. ${mine.drawn.title}`)) : null,
    h('ul', {}, ...(mine.held ?? []).map(card)),
    yourTurn ? h('p', { class: 'muted' }, 'Play a card and give your moves in the text box, one line each; every line you can write is listed below.') : h('p', { class: 'muted' }, 'You play from your hand in your own turns.'),
    help ? h('details', { class: 'lines', open: yourTurn }, h('summary', {}, 'Every line you can write'), h('pre', { tabindex: '0', role: 'region', 'aria-label': 'Every line you can write' }, help)) : null,
    standingPanel(g));
}

/** Hawaii 1795: the decisions the rules give you, as your standing instructions or their defaults. */
function standingPanel(g: Json): Node | null {
  const lines: string[] | undefined = g.view?.standingInstructions?.[g.you.role];
  if (!lines?.length) return null;
  return h('section', { class: 'standing' }, h('h2', {}, 'Your standing instructions'),
    h('ul', {}, ...lines.map((l) => h('li', {}, l))),
    h('p', { class: 'muted' }, 'They decide for you in the middle of a turn (war fleets, losses, retreats, pursuit). Change one with a STANDING line in the text box, any time, even during the other side\'s turn: it applies when the current turn is resolved, before anything in it. ', h('code', {}, g.view.standingHelp ?? 'STANDING …')));
}

/** Every phase of a game: the history comes a page at a time. */
async function allPhases(id: string): Promise<Json[]> {
  const out: Json[] = [];
  for (let after = 0; ;) {
    const page = await api('GET', `/games/${id}/history?after=${after}`);
    out.push(...page.phases);
    if (page.next === null || page.next === undefined) return out;
    after = page.next;
  }
}

async function historyPage(id: string, seq?: number): Promise<void> {
  const g = await api('GET', `/games/${id}`);
  const phases = await allPhases(id);
  if (!phases.length) { main.replaceChildren(h('h1', {}, g.name), h('p', {}, 'No phase yet.')); return; }
  // Without a phase asked for: the newest with results (the open phase has none yet).
  const lastDone = phases.map((p: Json) => !!p.report).lastIndexOf(true);
  const i = seq ? Math.max(0, phases.findIndex((p: Json) => p.seq === seq)) : lastDone >= 0 ? lastDone : phases.length - 1;
  const p = phases[i];
  const mapBox = h('div', { class: 'map' });
  main.replaceChildren(
    h('h1', {}, `${g.name}: ${p.label}`),
    h('nav', { class: 'row', 'aria-label': 'Phases' },
      i > 0 ? h('a', { href: `#/games/${id}/history/${phases[i - 1].seq}` }, `← ${phases[i - 1].label}`) : h('span', {}),
      h('a', { href: `#/games/${id}` }, 'Back to the game'),
      i < phases.length - 1 ? h('a', { href: `#/games/${id}/history/${phases[i + 1].seq}` }, `${phases[i + 1].label} →`) : h('span', {})),
    signedIn() ? '' : signInNote(`/games/${id}`),
    h('div', { class: 'board' }, mapBox, h('section', { class: 'side' }, p.report ? h('pre', { class: 'report' }, p.report) : h('p', {}, 'Not adjudicated yet.'))),
  );
  await mapInto(mapBox, `/games/${id}/phases/${p.seq}/map.svg`);
}

// aria-busy while a page is built: its controls work once it is "false" (screen readers wait too).
let building = 0;
async function route(): Promise<void> {
  building++;
  main.setAttribute('aria-busy', 'true');
  try { await routeOnce(); } finally { if (--building === 0) main.setAttribute('aria-busy', 'false'); }
}

async function routeOnce(): Promise<void> {
  await takeSignInLink();
  await whoAmI();
  setNav();
  const path = location.hash.replace(/^#/, '') || '/';
  try {
    let m: RegExpExecArray | null;
    if (path === '/public') return await publicGamesPage();
    if (!me) {
      // A public game is open to visitors; any other game is "not found" until they sign in.
      if ((m = /^\/games\/([0-9a-f-]{36})(?:\/history(?:\/(\d+))?)?$/.exec(path))) {
        try {
          return await (path.includes('/history') ? historyPage(m[1], m[2] ? Number(m[2]) : undefined) : gamePage(m[1]));
        } catch (e) {
          if (!(e instanceof ApiError && e.status === 404)) throw e;
          localStorage.setItem(NEXT_KEY, `/games/${m[1]}`);
        }
      }
      return signInPage();
    }
    if ((m = /^\/games\/([0-9a-f-]{36})\/history(?:\/(\d+))?$/.exec(path))) return await historyPage(m[1], m[2] ? Number(m[2]) : undefined);
    if ((m = /^\/games\/([0-9a-f-]{36})$/.exec(path))) return await gamePage(m[1]);
    if (path === '/new') return await newGamePage();
    return await gamesPage();
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) { setNav(); return signInPage(); }
    main.replaceChildren(showError(e));
  } finally {
    main.focus();
  }
}

window.addEventListener('hashchange', () => void route());
void route();
