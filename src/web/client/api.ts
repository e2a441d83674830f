// The public API as the page uses it: typed calls keyed by the OpenAPI document's paths (the types
// are generated: src/web/client/api-types.ts), problem+json errors as ApiError, and the session.
import type { components, paths } from './api-types.ts';

type Method = 'get' | 'put' | 'post' | 'patch' | 'delete';
/** The paths that answer this method. */
export type PathOf<M extends Method> = {
  [P in keyof paths]: paths[P][M] extends { responses: object } ? P : never;
}[keyof paths];
type Op<M extends Method, P extends PathOf<M>> = NonNullable<paths[P][M]>;
type Success<R> = R extends { 200: infer X }
  ? X
  : R extends { 201: infer X }
    ? X
    : R extends { 202: infer X }
      ? X
      : R extends { 204: infer X }
        ? X
        : never;
type ContentOf<X> = X extends { content: infer C } ? C[keyof C] : null;
/** What a call answers when it succeeds. */
export type Reply<M extends Method, P extends PathOf<M>> =
  Op<M, P> extends { responses: infer R } ? ContentOf<Success<R>> : never;
type BodyOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? B | undefined
    : undefined;
type ParamsOf<O> = O extends { parameters: { path: infer X } } ? X : never;
type QueryOf<O> = O extends { parameters: { query?: infer Q } } ? Q : never;
/** A call's path parameters, query and body, as the document declares them. */
export interface Call<O> {
  params?: ParamsOf<O>;
  query?: QueryOf<O>;
  body?: BodyOf<O>;
}

/** What every problem+json answer holds (RFC 9457); a refused submission adds the lines it read. */
export type Problem = components['schemas']['Problem'];
export type ReadLine = Reply<'put', '/games/{gameId}/orders'>['lines'][number];

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<Problem> | string | null,
  ) {
    super((typeof body === 'object' ? body?.detail : undefined) ?? `HTTP ${status}`);
  }

  /** The problem's fields (none when the answer was not problem+json). */
  get problem(): Partial<Problem> {
    return this.body && typeof this.body === 'object' ? this.body : {};
  }
}

/** Who is signed in (the mail settings are read from GET /accounts/me when shown). */
export type Me = Pick<Reply<'get', '/accounts/me'>, 'id' | 'email' | 'name' | 'timeZone'>;
/** The page a signed-out visitor asked for (a link in a mail): opened once signed in. */
export const NEXT_KEY = 'kahu-next';

/**
 * Who is signed in (the session cookie, HttpOnly: the page itself never holds a token): undefined
 * until asked. linkProblem: why a sign-in link did not work, shown on the sign-in page.
 */
export const session: { me: Me | null | undefined; linkProblem: string | null } = { me: undefined, linkProblem: null };

async function request(method: string, path: string, body?: unknown): Promise<unknown> {
  // The header another site's page cannot send: the server refuses cookie requests without it.
  const headers: Record<string, string> = { 'x-kahu-client': 'web' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const r = await fetch(path, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const type = r.headers.get('content-type') ?? '';
  const data: unknown = r.status === 204 ? null : type.includes('json') ? await r.json() : await r.text();
  if (!r.ok) {
    if (r.status === 401 && path !== '/accounts/session') session.me = null;
    throw new ApiError(r.status, data as Partial<Problem> | string | null);
  }
  return data;
}

function urlOf(path: string, call: { params?: object; query?: object }): string {
  const params = (call.params ?? {}) as Record<string, string | number>;
  const url = path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(params[k])));
  const query = Object.entries(call.query ?? {})
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`);
  return query.length ? `${url}?${query.join('&')}` : url;
}

// The answers are the server's, as its document declares them: the one place they are taken on trust.
export const get = <P extends PathOf<'get'>>(path: P, call: Call<Op<'get', P>> = {}) =>
  (taken(urlOf(path, call)) ?? request('GET', urlOf(path, call))) as Promise<Reply<'get', P>>;

/**
 * Answers a page is about to ask for, asked for all at once: its panels then find them under way
 * instead of asking one after the other (eight round trips in a row on a game page). Two panels
 * asking for the same answer (the press list and the badge) share it while the page is built.
 */
const early = new Map<string, { at: number; answer: Promise<unknown> }>();
export function prefetch(urls: string[]): void {
  const now = Date.now();
  for (const url of urls) {
    // Already under way (the route asked before the page knew more): not asked twice.
    if (taken(url)) continue;
    const answer = request('GET', url);
    answer.catch(() => undefined);
    early.set(url, { at: now, answer });
  }
}
/**
 * Answers asked for early are dropped when the page is built (or built again), the reader changes
 * something or the game changes (live): never served stale.
 */
export function forgetEarly(): void {
  early.clear();
}
function taken(url: string): Promise<unknown> | undefined {
  const e = early.get(url);
  return e && Date.now() - e.at < 5000 ? e.answer : undefined;
}
export const put = <P extends PathOf<'put'>>(path: P, call: Call<Op<'put', P>> = {}) => {
  forgetEarly();
  return request('PUT', urlOf(path, call), call.body) as Promise<Reply<'put', P>>;
};
export const post = <P extends PathOf<'post'>>(path: P, call: Call<Op<'post', P>> = {}) => {
  forgetEarly();
  return request('POST', urlOf(path, call), call.body) as Promise<Reply<'post', P>>;
};
export const del = <P extends PathOf<'delete'>>(path: P, call: Call<Op<'delete', P>> = {}) => {
  forgetEarly();
  return request('DELETE', urlOf(path, call), call.body) as Promise<Reply<'delete', P>>;
};

export const patch = <P extends PathOf<'patch'>>(path: P, call: Call<Op<'patch', P>> = {}) => {
  forgetEarly();
  return request('PATCH', urlOf(path, call as { params?: object }), call.body) as Promise<Reply<'patch', P>>;
};

export async function whoAmI(): Promise<Me | null> {
  if (session.me === undefined) session.me = await get('/accounts/me').catch(() => null);
  return session.me;
}

export function signedIn(): boolean {
  return !!session.me;
}

export type Phase = Reply<'get', '/games/{gameId}/history'>['phases'][number];

/** Every phase of a game: the history comes a page at a time. */
export async function allPhases(gameId: string): Promise<Phase[]> {
  const out: Phase[] = [];
  for (let after = 0; ; ) {
    const page = await get('/games/{gameId}/history', { params: { gameId }, query: { after } });
    out.push(...page.phases);
    if (page.next === null || page.next === undefined) return out;
    after = page.next;
  }
}
