// Stored XSS through a game's own data: a moderator may give a game its own map, scenario or
// components, and the map drawn from them is served from kahu's origin. Every string of every
// game's data (found by walking the data, keys of records included) is replaced in turn by script
// payloads: the data is refused at load, naming the field, or the map drawn from it holds no script
// element, no event-handler attribute and no javascript: (the SVG is parsed, strictly, not grepped).
// Over HTTP: a refused map names its field in the 400; a map stored before the check (its data
// unchecked) still draws no script; maps and every SVG carry a policy under which no script runs;
// the pages' policy allows no inline script.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataError } from '../../src/contract/data-error.ts';
import type { GameModule } from '../../src/contract/types.ts';
import { DipMap } from '../../src/diplomacy/maps/map.ts';
import { standardRules, type Variant } from '../../src/diplomacy/variants/variant.ts';
import { games } from '../../src/games/index.ts';
import { drawMap } from '../../src/games/maps.ts';
import { MapGeometrySchema } from '../../src/maps/geometry.ts';
import { renderAlohaBoard } from '../../src/render/aloha-board.ts';
import { renderDiplomacyMap, type BoardView } from '../../src/render/diplomacy-map.ts';
import { renderHawaii1795Map } from '../../src/render/hawaii1795-map.ts';
import { renderMaoriWarsMap } from '../../src/render/maori-wars-map.ts';
import { shippedEngineData } from '../../src/maori-wars/state.ts';
import { fixtureMap, fixtureScenario, fixtureTables } from '../maori-wars/fixtures.ts';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame } from '../helpers/api.ts';

const PAYLOADS = [
  '<script>alert(1)</script>',
  '"><script>alert(1)</script>',
  "'><script>alert(1)</script>",
  'javascript:alert(1)',
  'java&#x73;cript:alert(1)',
  '" onload="alert(1)',
  'x onload=alert(1) ',
  '</svg><script>alert(1)</script><svg>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&#60;script&#62;alert(1)&#60;/script&#62;',
  ']]><script>alert(1)</script><![CDATA[',
  '<a href="javascript:alert(1)">x</a>',
  '"/><image href="x" onerror="alert(1)"/><path d="',
  'M0,0L1,1Z"/><script>alert(1)</script><path d="',
];
const EVERYTHING = PAYLOADS.join(' ');

// ---- a strict reader of the SVG: elements, double-quoted attributes, text, entities; nothing else.
const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'foreignobject',
  'iframe',
  'object',
  'embed',
  'handler',
  'listener',
  'a',
  'use',
  'image',
  'animate',
  'set',
]);
const decode = (v: string) =>
  v.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) =>
    e === 'amp'
      ? '&'
      : e === 'lt'
        ? '<'
        : e === 'gt'
          ? '>'
          : e === 'quot'
            ? '"'
            : e === 'apos'
              ? "'"
              : String.fromCodePoint(e[1] === 'x' ? parseInt(e.slice(2), 16) : Number(e.slice(1))),
  );

/** What is wrong with an SVG for a page of ours: script, handlers, script links, or markup that is not well formed. */
export function svgProblems(svg: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  let roots = 0;
  const token = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/y;
  let m: RegExpExecArray | null;
  while (token.lastIndex < svg.length && (m = token.exec(svg))) {
    if (m[6]) {
      problems.push(`markup that is not an element: ${svg.slice(m.index, m.index + 60)}`);
      break;
    }
    if (m[5] !== undefined) {
      if (/&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/.test(m[5]))
        problems.push(`a bare & in text: ${m[5].slice(0, 60)}`);
      if (!stack.length && m[5].trim()) problems.push(`text outside the svg: ${m[5].slice(0, 60)}`);
      continue;
    }
    const [, close, name, attrs, selfClose] = m;
    if (close) {
      if (stack.pop() !== name) problems.push(`</${name}> closes nothing open`);
      continue;
    }
    if (!stack.length) roots++;
    const local = name.split(':').pop()!.toLowerCase();
    if (FORBIDDEN_ELEMENTS.has(local)) problems.push(`a <${name}> element`);
    const seen = new Set<string>();
    for (const [, k, raw] of attrs.matchAll(/([A-Za-z_][\w.:-]*)="([^"]*)"/g)) {
      if (seen.has(k)) problems.push(`${k} twice on <${name}>`);
      seen.add(k);
      const v = decode(raw);
      if (/^on/i.test(k.split(':').pop()!)) problems.push(`an event-handler attribute ${k} on <${name}>`);
      if (/javascript:/i.test(v.replace(/[\s\u0000-\u001f]/g, ''))) problems.push(`javascript: in ${k} of <${name}>`);
      if (/href$/i.test(k)) problems.push(`a link ${k} on <${name}>`);
    }
    if (!selfClose) stack.push(name);
  }
  if (token.lastIndex < svg.length && !problems.length) problems.push(`unreadable from ${token.lastIndex}`);
  if (stack.length) problems.push(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}

// ---- walking the data: every string, and every key of a record, by its path.
type Step = string | number;
/** A string of the data; its shape is its path with array items and the entries of big records taken as one. */
interface Leaf {
  path: Step[];
  shape: string;
  key: boolean;
  value: string;
}
function leaves(o: unknown, path: Step[] = [], shape = ''): Leaf[] {
  if (typeof o === 'string') return [{ path, shape, key: false, value: o }];
  if (Array.isArray(o)) return o.flatMap((x, i) => leaves(x, [...path, i], `${shape}.*`));
  if (o && typeof o === 'object') {
    const entries = Object.entries(o);
    const record = entries.length > 16;
    return entries.flatMap(([k, v]) => {
      const sh = `${shape}.${record ? '*' : k}`;
      return [{ path: [...path, k], shape: `${sh}(key)`, key: true, value: k }, ...leaves(v, [...path, k], sh)];
    });
  }
  return [];
}
function replaced<T>(o: T, leaf: Leaf, to: string): T {
  const copy = structuredClone(o);
  const parent = leaf.path.slice(0, -1).reduce((x: any, s) => x[s], copy as any);
  const last = leaf.path.at(-1)!;
  if (leaf.key) {
    // A key renamed where it stands (the order of a record's entries is kept).
    const entries = Object.entries(parent).map(([k, v]) => [k === last ? to : k, v] as const);
    for (const k of Object.keys(parent)) delete parent[k];
    for (const [k, v] of entries) parent[k] = v;
  } else parent[last] = to;
  return copy;
}
/** The first `n` strings of each shape. */
function firstOf(all: Leaf[], n: number): Leaf[] {
  const seen = new Map<string, number>();
  return all.filter((l) => {
    seen.set(l.shape, (seen.get(l.shape) ?? 0) + 1);
    return seen.get(l.shape)! <= n;
  });
}
// MAP_XSS_ALL=1: every string of the data, not the first 4 of each shape (minutes, not seconds).
const EVERY = process.env.MAP_XSS_ALL === '1';

interface Outcome {
  refused: number;
  drawn: number;
  failures: string[];
}

/**
 * Each payload in each string of `data`: `load` refuses it (a DataError naming that field, under
 * `prefix`; or the engine's own error naming the value) or `draw` gives a clean SVG.
 */
function walk(
  data: unknown,
  prefix: Step[],
  load: (d: unknown) => unknown,
  draw: (loaded: unknown) => string,
): Outcome {
  const out: Outcome = { refused: 0, drawn: 0, failures: [] };
  const all = leaves(data);
  const tries: [Leaf, string][] = [
    // Every string with every trick at once, instead of its value and after it (a check that looks
    // only at the start of a value passes the second).
    ...(EVERY ? all : firstOf(all, 4)).flatMap(
      (l) =>
        [
          [l, EVERYTHING],
          [l, `${l.value}${EVERYTHING}`],
        ] as [Leaf, string][],
    ),
    // Each shape of string (the first of an array's items) with each trick alone.
    ...firstOf(all, 1).flatMap((l) => PAYLOADS.map((p) => [l, p] as [Leaf, string])),
  ];
  for (const [leaf, payload] of tries) {
    const where = [...prefix, ...leaf.path].join('.') + (leaf.key ? ' (key)' : '');
    let loaded: unknown;
    try {
      loaded = load(replaced(data, leaf, payload));
    } catch (e) {
      out.refused++;
      if (e instanceof DataError) {
        const field = [...prefix, ...(leaf.key ? leaf.path.slice(0, -1) : leaf.path)].join('.');
        // A union (a set-up place: { place } or { hex } or …) is named where the union stands.
        const names = (p: string) =>
          p.startsWith(field) || (field.startsWith(p) && p.split('.').length >= field.split('.').length - 1);
        if (!e.issues.some((i) => names(i.path.join('.'))))
          out.failures.push(
            `${where}: refused, but the problem names ${e.issues.map((i) => i.path.join('.')).join(', ')}`,
          );
      } else if (e instanceof TypeError || e instanceof RangeError || !(e instanceof Error) || !e.message) {
        out.failures.push(`${where}: refused by a crash, not a clear problem: ${String(e)}`);
      }
      continue;
    }
    let svg: string;
    try {
      svg = draw(loaded);
    } catch (e) {
      out.failures.push(`${where}: accepted, then the map could not be drawn: ${String(e)}`);
      continue;
    }
    out.drawn++;
    const problems = svgProblems(svg);
    if (problems.length && out.failures.length < 50)
      out.failures.push(`${where} = ${JSON.stringify(payload)}: ${problems.slice(0, 3).join('; ')}`);
  }
  out.failures = [...new Set(out.failures)];
  return out;
}

const json = (file: string) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));
const moderator = { kind: 'moderator' } as const;
const viaModule = (id: string, scenario: string, option: string) => {
  const module = games[id] as GameModule;
  return {
    load: (d: unknown) => module.setup('xss-seed', scenario, { [option]: d }),
    draw: (state: unknown) => drawMap({ module, state, viewer: moderator, title: 'A game' })!,
  };
};

/** The fixture's Maori Wars data, with a coastline, a lake, a river drawing and a hex note drawn on the map. */
function maoriWarsData() {
  const map = fixtureMap();
  map.hexes.find((h) => h.id === '0303')!.note = 'A neck of land narrower than a hex';
  map.drawing = {
    hexRadius: 10,
    viewBox: [0, 0, 200, 200],
    coast: ['M5,5L105,5L105,105L5,105Z', 'M120,10L130,20L120,30Z'],
    lakes: ['M70,70L75,72L72,76Z'],
    rivers: { waitangi: 'M20,30L30,30L40,30' },
  };
  return { map, tables: fixtureTables(), scenario: fixtureScenario() };
}

describe('map data: every string, every payload, every game', () => {
  it('Maori Wars: the coastline path of options.data is refused, naming its field; a name is drawn as text', () => {
    const { load, draw } = viaModule('maori-wars', 'hone-hekes-challenge', 'data');
    const data = maoriWarsData();
    const coast = replaced(
      data,
      { path: ['map', 'drawing', 'coast', 0], shape: '', key: false, value: '' },
      'M0,0L1,1Z"/><script>alert(document.cookie)</script><path d="',
    );
    let error: unknown;
    try {
      load(coast);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DataError);
    expect((error as DataError).issues.map((i) => i.path.join('.'))).toContain('data.map.drawing.coast.0');
    // A place's name is any text: written as text, the markup in it is only characters.
    const named = replaced(
      data,
      { path: ['map', 'places', 2, 'name'], shape: '', key: false, value: '' },
      'Waitangi <script>alert(1)</script>',
    );
    const scenario = named.scenario;
    scenario.setup = scenario.setup.map((g) =>
      'place' in g.at && g.at.place === 'Waitangi'
        ? { ...g, at: { ...g.at, place: 'Waitangi <script>alert(1)</script>' } }
        : g,
    );
    const svg = draw(load(named));
    expect(svgProblems(svg)).toEqual([]);
    expect(svg).toContain('Waitangi &lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('Maori Wars: every string of options.data (map, tables, scenario)', { timeout: 600_000 }, () => {
    const { load, draw } = viaModule('maori-wars', 'hone-hekes-challenge', 'data');
    // The grammar holds the shipped North Island map and tables: a moderator's copy of them passes.
    expect(svgProblems(draw(load(JSON.parse(JSON.stringify(shippedEngineData())))))).toEqual([]);
    const r = walk(maoriWarsData(), ['data'], load, draw);
    expect(r.failures).toEqual([]);
    expect(r.drawn).toBeGreaterThan(100);
    expect(r.refused).toBeGreaterThan(100);
  });

  it('Hawaii 1795: every string of options.scenarioData', { timeout: 600_000 }, () => {
    const { load, draw } = viaModule('hawaii1795', 'long', 'scenarioData');
    const r = walk(json('src/hand-of-destiny/scenarios/hawaii-1795.json'), ['scenarioData'], load, draw);
    expect(r.failures).toEqual([]);
    expect(r.drawn).toBeGreaterThan(100);
  });

  it('Aloha: every string of options.components', { timeout: 600_000 }, () => {
    const { load, draw } = viaModule('aloha', 'four', 'components');
    const r = walk(json('src/aloha/data/aloha.json'), ['components'], load, draw);
    expect(r.failures).toEqual([]);
    expect(r.drawn).toBeGreaterThan(30);
  });

  // The map drawings and the Diplomacy map are shipped files, not options; they pass the same
  // schemas, so a replaced file is held to the same grammar.
  const standard = json('src/diplomacy/maps/standard.json');
  const boardOf = (map: DipMap): BoardView => ({
    powers: map.powers,
    units: Object.entries(map.data.starting_units ?? {}).flatMap(([power, us]) =>
      us.map((u) => ({ power, type: u.type, location: u.location })),
    ),
    supplyCenters: Object.fromEntries(
      Object.entries(map.data.home_centers ?? {}).flatMap(([power, cs]) => cs.map((c) => [c, power])),
    ),
  });
  const variantOf = (map: DipMap): Variant => ({
    id: 'standard',
    name: 'Standard Diplomacy',
    map,
    rules: standardRules,
    homeCenters: map.data.home_centers ?? {},
  });
  const geometry = (d: unknown) => {
    const r = MapGeometrySchema.safeParse(d);
    if (!r.success)
      throw new DataError(
        'geometry',
        r.error.issues.map((i) => ({ path: i.path as Step[], message: i.message })),
      );
    return r.data;
  };
  const stdGeometry = MapGeometrySchema.parse(json('src/diplomacy/maps/standard.geometry.json'));

  it('Diplomacy: every string of the Standard map file', { timeout: 600_000 }, () => {
    const load = (d: unknown) => {
      try {
        return new DipMap(d);
      } catch (e) {
        throw (e as { issues?: unknown }).issues
          ? new DataError('map', (e as { issues: { path: Step[]; message: string }[] }).issues)
          : e;
      }
    };
    const r = walk(standard, [], load, (map) =>
      renderDiplomacyMap(variantOf(map as DipMap), stdGeometry, boardOf(map as DipMap), {
        orders: [{ power: (map as DipMap).powers[0]!, reading: 'A par - bur' }],
      }),
    );
    expect(r.failures).toEqual([]);
    expect(r.drawn).toBeGreaterThan(50);
  });

  it('the drawings (Standard, Heiau, Hawaii 1795): every string, drawn by the renderer that uses each', {
    timeout: 600_000,
  }, () => {
    const stdMap = new DipMap(standard);
    const std = walk(json('src/diplomacy/maps/standard.geometry.json'), [], geometry, (g) =>
      renderDiplomacyMap(variantOf(stdMap), g as never, boardOf(stdMap)),
    );
    const heiau = walk(json('src/diplomacy/maps/heiau.geometry.json'), [], geometry, (g) =>
      renderAlohaBoard(g as never, {
        stage: 'Prologue',
        turn: null,
        king: null,
        islands: ['Kauai', 'Oahu', 'Molokai', 'Maui', 'Hawaii'].map((island) => ({
          island,
          pureHawaiian: { Red: 2 },
          actionTokens: { Red: 1 },
        })),
        players: [
          { role: 'Red', score: 1, pureHawaiian: 2, aloha: 0, commerce: 0, warriors: 0, homeRule: 0, cards: [] },
        ],
      }),
    );
    const hod = walk(json('src/hand-of-destiny/scenarios/hawaii-1795.geometry.json'), [], geometry, (g) =>
      renderHawaii1795Map(g as never, {
        game: 'Hawaii 1795',
        turn: { label: 'January 1795' },
        sides: [{ id: 'kamehameha', name: 'Kamehameha' }],
        spaces: Object.keys((g as { spaces: object }).spaces)
          .slice(0, 3)
          .map((id) => ({
            id,
            name: id,
            fort: true,
            fortMarker: 'kamehameha',
            units: [{ id: 'u', name: 'Warriors', kind: 'warriors', strength: 2, elite: false, owner: 'kamehameha' }],
            hidden: [],
          })),
      }),
    );
    expect([...std.failures, ...heiau.failures, ...hod.failures]).toEqual([]);
    expect(Math.min(std.drawn, heiau.drawn, hod.drawn)).toBeGreaterThan(20);
  });

  it('the renderers escape what they write, even data that never passed a check (a game stored before it)', () => {
    const map = maoriWarsData().map;
    map.drawing.coast = [`M0,0Z${PAYLOADS[1]}`];
    map.drawing.lakes = [PAYLOADS[13]!];
    map.places[0]!.name = PAYLOADS[7]!;
    map.territories[0]!.id = PAYLOADS[5]!;
    map.territories[0]!.name = PAYLOADS[0]!;
    map.hexes[30]!.id = PAYLOADS[12]!;
    const svg = renderMaoriWarsMap(
      map,
      { hexes: {}, bushRaider: {}, turn: { current: 1, last: 2, label: PAYLOADS[1] }, vp: { side: null, points: 0 } },
      { title: PAYLOADS[6] },
    );
    expect(svgProblems(svg)).toEqual([]);
  });
});

describe('over HTTP', () => {
  let t: TestService;
  beforeAll(async () => {
    t = await startTestService();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a Maori Wars game whose coastline carries a script is refused with a 400 naming the field, and nothing is created', async () => {
    const mod = await signUp(t, 'xss-mod@example.org');
    const data = maoriWarsData();
    data.map.drawing.coast[0] = 'M0,0L1,1Z"/><script>alert(document.cookie)</script><path d="';
    const r = await mod.req('POST', '/games', {
      name: 'Coastline',
      variant: 'maori-wars',
      scenario: 'hone-hekes-challenge',
      options: { data },
    });
    expect(r.status).toBe(400);
    expect(r.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(r.body.errors.map((e: { field: string }) => e.field)).toContain('body.options.data.map.drawing.coast.0');
    expect(
      r.body.errors.find((e: { field: string }) => e.field === 'body.options.data.map.drawing.coast.0').message,
    ).toMatch(/path/i);
    expect(await t.db.game.count()).toBe(0);
  });

  it('a map stored before the check is drawn without script, for a stranger too, under a policy that runs no script', async () => {
    const mod = await signUp(t, 'xss-mod2@example.org');
    const players = [await signUp(t, 'xss-1@example.org'), await signUp(t, 'xss-2@example.org')];
    const { game } = await startedGame(t, mod, players, {
      name: 'Stored',
      variant: 'maori-wars',
      scenario: 'hone-hekes-challenge',
      public: true,
      deadlines: { reminderMinutes: 0 },
      options: { data: maoriWarsData() },
    });
    // The data as an older kahu kept it, unchecked: script in the coastline and in names.
    for (const phase of await t.db.phase.findMany({ where: { gameId: game.id } })) {
      const state = phase.state as any;
      state.data.map.drawing.coast[0] = 'M0,0L1,1Z"/><script>alert(document.cookie)</script><path d="';
      state.data.map.places[0].name = '</svg><script>alert(1)</script>';
      await t.db.phase.update({ where: { id: phase.id }, data: { state } });
    }
    const stranger = await signUp(t, 'xss-stranger@example.org');
    for (const url of [`/games/${game.id}/map.svg`, `/games/${game.id}/phases/1/map.svg`]) {
      const r = await stranger.req('GET', url);
      expect(r.status, url).toBe(200);
      expect(svgProblems(r.body), url).toEqual([]);
      expect(r.body, url).toContain('&lt;/svg&gt;&lt;script&gt;');
      expect(r.headers['content-security-policy'], url).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
      );
    }
    const png = await stranger.req('GET', `/games/${game.id}/map.png`);
    expect(png.status).toBe(200);
    expect(png.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    const icon = await t.app.inject({ url: '/web/favicon.svg' });
    expect(icon.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:",
    );
  });

  it("no page's policy allows inline script", async () => {
    for (const url of ['/', '/docs', '/docs/static/index.html', '/health', '/games']) {
      const r = await t.app.inject({ url, headers: { accept: 'text/html' } });
      const csp = String(r.headers['content-security-policy'] ?? '');
      const script = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? /(?:^|;)\s*default-src ([^;]*)/.exec(csp)?.[1];
      expect(script, url).toBeDefined();
      expect(script, url).not.toMatch(/'unsafe-inline'|'unsafe-eval'|\*/);
    }
    // The page's own HTML runs only served scripts.
    const page = await t.app.inject({ url: '/' });
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    expect(page.body).not.toMatch(/\son[a-z]+=/i);
  });
});
