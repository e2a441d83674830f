// Following the game a page shows: one EventSource (Server-Sent Events) for the page, kept while the
// page is built again for the same stream and closed when another page is shown. An event says only
// what changed (a kind, the phase seq): the page fetches again what it may read.
import { forgetEarly } from './api.ts';
import { refresh } from './refresh.ts';

export interface Change {
  kinds: Set<string>;
  seqs: Set<number>;
}

const KINDS = ['phase', 'readiness', 'players', 'game', 'event', 'press', 'votes', 'resync'];
let source: { url: string; es: EventSource } | null = null;
let onChange: (c: Change) => void = () => {};
let wanted: string | null = null;

/** A page starts being built: it follows nothing until it says so. */
export function beginPage(): void {
  wanted = null;
}

/** The page is built: a stream it did not ask for again is closed. */
export function endPage(): void {
  if (source && source.url !== wanted) {
    source.es.close();
    source = null;
  }
}

/** Follow `url`; changes arriving close together come as one (a phase adjudicated moves many rows). */
export function follow(url: string, handler: (c: Change) => void): void {
  wanted = url;
  onChange = handler;
  if (source?.url === url && source.es.readyState !== EventSource.CLOSED) return;
  source?.es.close();
  const es = new EventSource(url, { withCredentials: true });
  source = { url, es };
  let pending: Change | null = null;
  const fire = (ev: MessageEvent) => {
    let data: { seq?: number | null } = {};
    try {
      data = JSON.parse(String(ev.data)) as { seq?: number | null };
    } catch {
      /* a kind is enough */
    }
    if (!pending) {
      pending = { kinds: new Set(), seqs: new Set() };
      setTimeout(() => {
        const c = pending!;
        pending = null;
        // What the page asked for before this change may be older than it.
        forgetEarly();
        if (source?.es === es) onChange(c);
      }, 250);
    }
    pending.kinds.add(ev.type);
    if (typeof data.seq === 'number') pending.seqs.add(data.seq);
  };
  for (const k of KINDS) es.addEventListener(k, fire as EventListener);
}

/** Said once, on the game's page built next: why the form the player was filling in is gone. */
let note: string | null = null;
export const PHASE_MOVED = 'The phase moved on; your choice was not sent.';

/** The page was behind the game: build it again, saying the unsent choice was not sent. */
export function movedOn(): void {
  note = PHASE_MOVED;
  void refresh();
}

export function sayMovedOnNext(): void {
  note = PHASE_MOVED;
}

/** The note for the page being built (once). */
export function takeNote(): string | null {
  const n = note;
  note = null;
  return n;
}
