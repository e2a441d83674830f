// The published OpenAPI document, finished after the routes are known: every error is declared as
// application/problem+json, binary answers as binary, and every operation carries an example
// request and response — written by hand for the calls people make most, otherwise derived from
// the schema (names, ids and times that look like the real thing), so /docs never shows a blank.
type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  example?: unknown;
  examples?: unknown[];
  default?: unknown;
  minimum?: number;
  maxLength?: number;
  pattern?: string;
  additionalProperties?: unknown;
  $ref?: string;
  description?: string;
};
type Media = { schema?: Schema; example?: unknown };
type Operation = {
  requestBody?: { content?: Record<string, Media> };
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>;
};
type Doc = { paths?: Record<string, Record<string, Operation>>; components?: Record<string, unknown> };

const GAME_ID = '7b3e9f0a-5c1d-4e2b-9a8f-0d6c4b2a1e93';

/** Hand-written examples: `METHOD path` → request body and/or the first 2xx response. */
const CURATED: Record<string, { request?: unknown; response?: unknown }> = {
  'post /accounts': {
    request: { email: 'alii@example.org', name: 'Aliʻi', timeZone: 'Pacific/Honolulu' },
    response: {
      message:
        'If alii@example.org can receive mail, a token is on its way there. The token is only ever sent by email.',
    },
  },
  'post /accounts/sign-in': { request: { email: 'alii@example.org' } },
  'post /games': {
    request: {
      name: 'Race to Hilo',
      variant: 'heiau',
      scenario: 'race',
      nmrPolicy: 'hold',
      deadlines: { longerEachYear: { minutesPerYear: 3 }, earlyProcessing: true },
      public: true,
    },
  },
  'post /games/{gameId}/invitations': { request: { email: 'makoa@example.org', role: 'Sunset' } },
  'put /games/{gameId}/orders': {
    request: { text: 'B Kona-Kailua - Kawaihae\nB Puna H', ready: true },
  },
  'put /games/{gameId}/deadline': { request: { extendMinutes: 1440 } },
  'put /games/{gameId}/public': { request: { public: true } },
  'post /accounts/session': { request: { code: 'Yw3kqP0cV9xH2mLr5tB8nJ4sD7fG1aZ6eQ0uI3oKx' } },
  'post /games/{gameId}/press': { request: { to: ['Sunset'], text: 'Aloha: shall we share Kawaihae?' } },
  'put /games/{gameId}/votes/draw': { request: { vote: true } },
  'put /games/{gameId}/votes/concede': { request: { to: 'Sunrise' } },
  'post /games/{gameId}/start-from-position': {
    request: {
      position: {
        phase: { season: 'fall', year: 1905, type: 'movement' },
        units: [
          { power: 'England', type: 'F', location: 'nth' },
          { power: 'France', type: 'A', location: 'par' },
        ],
        supplyCenters: { lon: 'England', par: 'France' },
      },
    },
  },
  'post /games/import': {
    request: {
      format: 'kahu-game',
      version: 1,
      source: `https://judge.example.org/games/${GAME_ID}`,
      game: {
        name: 'Race to Hilo',
        variant: 'heiau',
        scenario: 'race',
        options: {},
        status: 'finished',
        nmrPolicy: 'hold',
        outcome: {
          kind: 'victory',
          winners: ['Sunrise'],
          text: 'Sunrise controls 9 heiaus at the end of Fall 3 and wins.',
        },
        seedHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
        seed: '…',
      },
      start: null,
      players: [],
      phases: [
        {
          seq: 1,
          key: '0000-S1M',
          label: 'Spring 1 Movement',
          type: 'movement',
          year: 1,
          status: 'adjudicated',
          openedAt: '2026-11-01T00:00:00Z',
          deadlineAt: null,
          resolvedAt: '2026-11-02T00:00:00Z',
          expected: ['Sunrise'],
          missed: [],
          state: {},
          report: {},
          orders: [],
        },
      ],
      events: [],
    },
    response: { id: GAME_ID, phases: 12, rolledBack: 0 },
  },
};

const WORDS: Record<string, unknown> = {
  email: 'alii@example.org',
  name: 'Race to Hilo',
  variant: 'heiau',
  scenario: 'race',
  role: 'Sunrise',
  wantedRole: 'Sunrise',
  label: 'Spring 1 Movement',
  key: '0001-S0001M',
  type: 'movement',
  status: 'active',
  text: 'B Kona-Kailua - Kawaihae',
  reading: 'B Kona-Kailua - Kawaihae',
  timeZone: 'Pacific/Honolulu',
  prefix: 'kahu_Ab3x',
  receipt: 'sha256:3f1c…',
  seedHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  message: 'Done.',
  detail: 'What went wrong, for a person to read.',
  title: 'Bad request',
  url: 'https://kahu.example.org/me/deadlines.ics?key=…',
  position: 'Sunrise: B Kona-Kailua, B Puna',
  report: 'Sunrise: B Kona-Kailua - Kawaihae (succeeds)',
  nmrPolicy: 'hold',
  kind: 'player',
  moderator: 'moderator',
};

function exampleOf(s: Schema | undefined, name: string, depth = 0): unknown {
  if (!s || depth > 8) return null;
  if (s.example !== undefined) return s.example;
  if (s.examples?.length) return s.examples[0];
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return exampleOf(alt.find((x) => x.type !== 'null') ?? alt[0], name, depth + 1);
  if (s.allOf?.length) return Object.assign({}, ...s.allOf.map((x) => exampleOf(x, name, depth + 1)));
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = exampleOf(v, k, depth + 1);
      return out;
    }
    case 'array':
      return s.items ? [exampleOf(s.items, name, depth + 1)] : [];
    case 'integer':
    case 'number':
      return /seq|line/i.test(name) ? 1 : /year/i.test(name) ? 1795 : Math.max(0, s.minimum ?? 0);
    case 'boolean':
      return /ok|ready|submitted|expected|played/i.test(name);
    case 'string':
      if (s.format === 'uuid' || /(^id$|Id$)/.test(name)) return GAME_ID;
      if (s.format === 'date-time' || /At$/.test(name)) return '2026-12-01T18:00:00.000Z';
      if (s.format === 'email') return 'alii@example.org';
      if (s.format === 'binary') return undefined;
      return WORDS[name] ?? name;
    default:
      return WORDS[name] ?? null;
  }
}

/** problem+json for errors, binary for images, examples everywhere. Mutates and returns `doc`. */
export function finishOpenApi(doc: Doc): Doc {
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(methods)) {
      const curated = CURATED[`${method} ${path}`] ?? {};
      const body = op.requestBody?.content?.['application/json'];
      if (body && body.example === undefined) body.example = curated.request ?? exampleOf(body.schema, 'body');
      let first = true;
      for (const [code, res] of Object.entries(op.responses ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
        // Not modified has no body.
        if (code === '304') {
          delete res.content;
          res.description = 'Not modified: the copy you hold (If-None-Match) is current';
          continue;
        }
        const content = res.content ?? {};
        if (Number(code) >= 400) {
          const schema = Object.values(content)[0]?.schema;
          if (schema) {
            const status = Number(code);
            res.content = {
              'application/problem+json': {
                schema,
                example: {
                  type: 'about:blank',
                  title: TITLES[status] ?? 'Error',
                  status,
                  detail: DETAILS[status] ?? 'What went wrong, for a person to read.',
                },
              },
            };
          }
          continue;
        }
        for (const [type, media] of Object.entries(content)) {
          if (/^image\//.test(type))
            media.schema = { type: 'string', format: 'binary', description: media.schema?.description };
          else if (type === 'text/calendar')
            media.schema = {
              type: 'string',
              description: media.schema?.description,
              example: 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\n…\r\nEND:VCALENDAR\r\n',
            };
          else if (type === 'text/event-stream')
            media.schema = {
              type: 'string',
              description: media.schema?.description,
              example:
                'retry: 3000\n: live\n\nevent: readiness\ndata: {"game":"' +
                GAME_ID +
                '","kind":"readiness","seq":3}\n\n',
            };
          else if (media.example === undefined && media.schema)
            media.example = (first && curated.response) ?? exampleOf(media.schema, 'response');
        }
        if (Object.keys(content).length) first = false;
      }
    }
  }
  return doc;
}

const TITLES: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not found',
  409: 'Conflict',
  422: 'Unprocessable request',
  429: 'Too many requests',
  500: 'Internal error',
  503: 'Service unavailable',
};
const DETAILS: Record<number, string> = {
  400: 'body.email must be an email address like name@example.org',
  401: 'Sign in first: send your API token as "Authorization: Bearer <token>".',
  403: 'Only the moderator of this game may do this.',
  404: 'There is no game with this id.',
  409: 'The deadline (2026-12-01 18:00 UTC) has passed: orders are closed for Spring 1 Movement.',
  422: "Line 2: 'Kawaihea' is not a space of the map (did you mean Kawaihae?)",
  429: 'Too many requests: try again in a minute.',
};
