// The kahu web client: sign in, your games, a game's page with its map, orders by clicking the map or
// picking from lists (keyboard and screen readers), readiness, the phase history as a replay, and
// creating a game. It uses the public API with the caller's token like any other client.
/* eslint-disable no-restricted-globals */

type Json = any;
const TOKEN_KEY = 'kahu-token';
const main = document.getElementById('main')!;
const nav = document.getElementById('nav')!;
const statusEl = document.getElementById('status')!;

function token(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

/** A sign-in link carries the token in the fragment (never sent to a server); keep it, then drop it from the address. */
function takeTokenFromLink(): void {
  const m = /[#&]token=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (m) {
    localStorage.setItem(TOKEN_KEY, m[1]);
    // A link may say where to go next (a game's page): `#token=...&next=/games/<id>`.
    const next = /[#&]next=(\/[A-Za-z0-9/_-]*)/.exec(location.hash)?.[1] ?? '/';
    history.replaceState(null, '', `${location.pathname}#${next}`);
  }
}

class ApiError extends Error {
  constructor(readonly status: number, readonly body: Json) {
    super(body?.detail ?? `HTTP ${status}`);
  }
}

async function api(method: string, path: string, body?: unknown): Promise<Json> {
  const headers: Record<string, string> = {};
  const t = token();
  if (t) headers.authorization = `Bearer ${t}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const type = r.headers.get('content-type') ?? '';
  const data = type.includes('json') ? await r.json() : await r.text();
  if (!r.ok) {
    if (r.status === 401) localStorage.removeItem(TOKEN_KEY);
    throw new ApiError(r.status, data);
  }
  return data;
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
    ...(token()
      ? [h('a', { href: '#/' }, 'My games'), h('a', { href: '#/new' }, 'New game'), h('a', { href: '/docs' }, 'API'), h('button', { type: 'button', class: 'link', onclick: () => { localStorage.removeItem(TOKEN_KEY); route(); } }, 'Sign out')]
      : [h('a', { href: '/docs' }, 'API')]),
  );
}

// ---- Pages

function signInPage(): void {
  const email = h('input', { id: 'email', type: 'email', required: true, autocomplete: 'email', placeholder: 'you@example.org' });
  const out = h('div', {});
  const send = async (path: string) => {
    out.replaceChildren();
    try {
      await api('POST', path, { email: email.value.trim() });
      out.append(h('p', { class: 'ok' }, `A sign-in link is on its way to ${email.value.trim()}. Open it in this browser.`));
    } catch (e) {
      out.append(showError(e));
    }
  };
  main.replaceChildren(
    h('h1', {}, 'Sign in'),
    h('p', {}, 'kahu judges Diplomacy variants and Hawaii 1795 by deadline, in the browser, by email or over HTTP. Enter your email address: we send you a link that signs you in.'),
    h('form', { class: 'stack', onsubmit: (e: Event) => { e.preventDefault(); void send('/accounts/sign-in'); } },
      h('label', { for: 'email' }, 'Email address'), email,
      h('div', { class: 'row' }, h('button', { type: 'submit' }, 'Email me a sign-in link'), h('button', { type: 'button', class: 'secondary', onclick: () => { if (email.reportValidity()) void send('/accounts'); } }, 'New here: register'))),
    out,
  );
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
      h('td', {}, `${g.variant} · ${g.scenario}`),
      h('td', {}, full?.you?.role ?? full?.you?.kind ?? g.you),
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
  const out = h('div', {});
  main.replaceChildren(
    h('h1', {}, 'New game'),
    h('form', { class: 'stack', onsubmit: async (e: Event) => {
      e.preventDefault();
      out.replaceChildren();
      try {
        const g = await api('POST', '/games', { name: name.value.trim(), variant: variant.value, scenario: scenario.value });
        for (const email of invites.value.split(/[\s,;]+/).filter(Boolean)) await api('POST', `/games/${g.id}/invitations`, { email });
        location.hash = `#/games/${g.id}`;
      } catch (err) {
        out.append(showError(err));
      }
    } },
      h('label', { for: 'name' }, 'Name'), name,
      h('label', { for: 'variant' }, 'Game'), variant,
      h('label', { for: 'scenario' }, 'Scenario'), scenario,
      h('label', { for: 'invites' }, 'Invite players (email addresses)'), invites,
      h('button', { type: 'submit' }, 'Create the game')),
    out,
  );
}

/** The map of a game (now, or at a phase), inlined so that its units and spaces can be clicked. */
async function mapInto(box: HTMLElement, url: string): Promise<SVGSVGElement | null> {
  try {
    const svg = await api('GET', url);
    box.innerHTML = svg;
    return box.querySelector('svg');
  } catch (e) {
    box.replaceChildren(e instanceof ApiError && e.status === 404 ? h('p', { class: 'muted' }, e.message) : showError(e));
    return null;
  }
}

async function gamePage(id: string): Promise<void> {
  const g = await api('GET', `/games/${id}`);
  const me = g.you;
  const phase = g.phase;
  const header = h('section', { class: 'game-head' },
    h('h1', {}, g.name),
    h('p', {}, `${g.variant} · ${g.scenario} · ${me.kind === 'player' ? `you play ${me.role}` : `you are ${me.kind === 'moderator' ? 'the moderator' : 'an observer'}`}`),
    phase ? h('p', { class: 'phase' }, h('strong', {}, phase.label), ' — deadline ', when(phase.deadlineAt)) : h('p', {}, `Status: ${g.status}`),
    phase ? h('ul', { class: 'readiness', 'aria-label': 'Who has ordered' }, ...phase.readiness.filter((r: Json) => r.expected).map((r: Json) => h('li', { class: r.ready ? 'ready' : r.submitted ? 'submitted' : 'waiting' }, `${r.role}: ${r.ready ? 'ready' : r.submitted ? 'orders in' : 'waiting'}`))) : null,
  );
  const mapBox = h('div', { class: 'map', id: 'map' });
  const side = h('section', { class: 'side' });
  main.replaceChildren(header, h('div', { class: 'board' }, mapBox, side), h('p', {}, h('a', { href: `#/games/${id}/history` }, 'History: every phase with its map')));
  const svg = g.status === 'forming' ? null : await mapInto(mapBox, `/games/${id}/map.svg`);
  if (g.status === 'forming') mapBox.replaceChildren(h('p', { class: 'muted' }, 'The map appears when the game starts.'));

  if (me.kind === 'moderator' && g.status === 'forming') {
    side.append(h('h2', {}, 'Players'), h('ul', {}, ...g.players.map((p: Json) => h('li', {}, `${p.email ?? p.name ?? 'player'}: ${p.status}`))),
      h('button', { type: 'button', onclick: async () => { try { await api('POST', `/games/${id}/start`); void route(); } catch (e) { side.append(showError(e)); } } }, 'Start the game'));
  }
  if (g.position) side.append(h('details', {}, h('summary', {}, 'Position as text'), h('pre', {}, g.position)));
  if (me.kind === 'player' && phase) await ordersPanel(id, g, side, svg);
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
  const text = h('textarea', { id: 'orders-text', rows: '5', 'aria-describedby': 'orders-help' });
  text.value = (current?.lines ?? []).map((l: Json) => l.text).join('\n');
  const send = async (lines: string[]) => {
    result.replaceChildren();
    try {
      const r = await api('PUT', `/games/${id}/orders`, { orders: lines, acceptPartial: true });
      result.append(h('ol', { class: 'readings' }, ...r.lines.map((l: Json) => h('li', { class: l.ok ? 'ok' : 'error' }, `${l.text} — ${l.ok ? `read as ${l.reading}` : l.error}`))),
        h('p', { class: 'receipt' }, `Receipt ${r.receipt.hash.slice(0, 16)}… at ${new Date(r.receipt.at).toLocaleString()}`));
      say(`Orders stored: ${r.accepted} accepted, ${r.rejected} rejected.`);
    } catch (e) {
      const b = e instanceof ApiError ? e.body : null;
      result.append(showError(e), ...(b?.errors ?? []).map((x: Json) => h('p', { class: 'error' }, `line ${x.line ?? ''}: ${x.message ?? x.error ?? ''}`)));
    }
  };
  const ready = h('input', { type: 'checkbox', id: 'ready' });
  ready.checked = !!g.phase.readiness.find((r: Json) => r.role === g.you.role)?.ready;
  ready.addEventListener('change', async () => { try { await api('PUT', `/games/${id}/ready`, { ready: ready.checked }); say(ready.checked ? 'You are ready.' : 'You are not ready.'); } catch (e) { result.append(showError(e)); } });

  side.append(h('h2', {}, `Your orders for ${g.phase.label}`));
  if (units.length) {
    side.append(h('p', { class: 'muted' }, 'Click one of your units on the map, then the space it should move to; or pick each order from the lists.'), list,
      h('button', { type: 'button', onclick: () => void send([...selects.values()].map((s) => s.value).filter(Boolean)) }, 'Send these orders'));
  }
  side.append(h('details', { open: !units.length }, h('summary', {}, 'Write orders as text'), h('p', { id: 'orders-help', class: 'muted' }, 'One order a line, as you would write them by email.'), text,
    h('button', { type: 'button', onclick: () => void send(text.value.split('\n')) }, 'Send the text')));
  side.append(h('p', {}, ready, h('label', { for: 'ready' }, ' Ready: process the phase early once everyone is')), result);
  if (g.variant === 'hawaii1795') side.append(handPanel(g));

  // Clicking the map: a unit selects its list; a space then picks that unit's move there.
  if (svg) {
    let selected: string | null = null;
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
        say(`Selected ${el.querySelector('title')?.textContent ?? loc}. Click a space to move there.`);
      };
      el.addEventListener('click', (e) => { e.stopPropagation(); pick(); });
      el.addEventListener('keydown', (e) => { if ((e as KeyboardEvent).key === 'Enter') pick(); });
    });
    svg.querySelectorAll<SVGPathElement>('path[data-space]').forEach((el) => {
      el.addEventListener('click', () => {
        if (!selected) return;
        const space = el.dataset.space!;
        const u = units.find((x) => x.unit === selected);
        const move = u?.orders.find((o: Json) => o.kind === 'move' && (o.order.split(' ')[3] ?? '').split('/')[0] === space);
        if (!move) { say(`${u?.name ?? 'That unit'} cannot move there.`); return; }
        selects.get(selected)!.value = move.text;
        say(`Order: ${move.text}`);
      });
    });
  }
}

function handPanel(g: Json): Node {
  const mine = g.view?.cards?.[g.you.role];
  if (!mine) return h('div', {});
  const card = (c: Json) => h('li', {}, h('strong', {}, `${c.number}. ${c.title}`), c.text ? ` — ${c.text}` : '', ` (fleet moves ${c.fleetMoves})`);
  return h('section', { class: 'hand' }, h('h2', {}, 'Your hand'),
    mine.drawn ? h('p', {}, 'Drawn this turn: ', h('strong', {}, `${mine.drawn.number}. ${mine.drawn.title}`)) : null,
    h('ul', {}, ...(mine.held ?? []).map(card)),
    h('p', { class: 'muted' }, 'Play a card and give your moves in the text box (HELP by email lists every line).'));
}

async function historyPage(id: string, seq?: number): Promise<void> {
  const g = await api('GET', `/games/${id}`);
  const { phases } = await api('GET', `/games/${id}/history`);
  if (!phases.length) { main.replaceChildren(h('h1', {}, g.name), h('p', {}, 'No phase yet.')); return; }
  const i = seq ? Math.max(0, phases.findIndex((p: Json) => p.seq === seq)) : phases.length - 1;
  const p = phases[i];
  const mapBox = h('div', { class: 'map' });
  main.replaceChildren(
    h('h1', {}, `${g.name}: ${p.label}`),
    h('nav', { class: 'row', 'aria-label': 'Phases' },
      i > 0 ? h('a', { href: `#/games/${id}/history/${phases[i - 1].seq}` }, `← ${phases[i - 1].label}`) : h('span', {}),
      h('a', { href: `#/games/${id}` }, 'Back to the game'),
      i < phases.length - 1 ? h('a', { href: `#/games/${id}/history/${phases[i + 1].seq}` }, `${phases[i + 1].label} →`) : h('span', {})),
    h('div', { class: 'board' }, mapBox, h('section', { class: 'side' }, p.report ? h('pre', { class: 'report' }, p.report) : h('p', {}, 'Not adjudicated yet.'))),
  );
  await mapInto(mapBox, `/games/${id}/phases/${p.seq}/map.svg`);
}

async function route(): Promise<void> {
  takeTokenFromLink();
  setNav();
  const path = location.hash.replace(/^#/, '') || '/';
  try {
    if (!token()) return signInPage();
    let m: RegExpExecArray | null;
    if ((m = /^\/games\/([0-9a-f-]{36})\/history(?:\/(\d+))?$/.exec(path))) return await historyPage(m[1], m[2] ? Number(m[2]) : undefined);
    if ((m = /^\/games\/([0-9a-f-]{36})$/.exec(path))) return await gamePage(m[1]);
    if (path === '/new') return await newGamePage();
    return await gamesPage();
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return signInPage();
    main.replaceChildren(showError(e));
  } finally {
    main.focus();
  }
}

window.addEventListener('hashchange', () => void route());
void route();
