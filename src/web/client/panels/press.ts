// Press as conversations: the reader's threads (a pair, a group, everyone), each named by the other
// powers' names, with its last message and what is unread; the game page shows the list and a badge.
import { get, type Reply } from '../api.ts';
import { h } from '../dom.ts';
import { power } from '../format.ts';
import type { Game } from '../types.ts';

export type PressList = Reply<'get', '/games/{gameId}/press'>;
export type Thread = PressList['threads'][number];

export const threadHref = (id: string, thread: string) => `#/games/${id}/press/${encodeURIComponent(thread)}`;

/** The count of unread press, as a badge (empty and hidden when there is none). */
export function unreadBadge(n: number, id = 'press-badge'): HTMLElement {
  return h('span', { class: 'badge', id, hidden: n === 0, 'aria-label': `${n} unread` }, n ? String(n) : '');
}

/** One line a thread: who, how much is new, the last message (shortened). */
export function threadList(id: string, g: Game, list: PressList): HTMLElement {
  if (!list.threads.length) return h('p', { class: 'muted', id: 'press-threads' }, 'No press yet.');
  return h(
    'ul',
    { class: 'threads', id: 'press-threads' },
    ...list.threads.map((t) => {
      const last = t.last;
      const text = last.text.length > 90 ? `${last.text.slice(0, 88)}…` : last.text;
      return h(
        'li',
        { class: t.unread ? 'unread' : '', 'data-thread': t.thread },
        h(
          'a',
          { href: threadHref(id, t.thread) },
          h('span', { class: 'thread-head' }, h('strong', {}, t.title), unreadBadge(t.unread, '')),
          h('span', { class: 'thread-last' }, `${g.you.role === last.from ? 'You' : power(g, last.from)}: ${text}`),
        ),
      );
    }),
  );
}

export const pressOf = (id: string, thread?: string) =>
  get('/games/{gameId}/press', { params: { gameId: id }, query: thread ? { thread } : {} });

/** The game page's press: its threads, and a way to write. */
export async function pressPanel(id: string, g: Game): Promise<Node> {
  const list = await pressOf(id).catch(() => null);
  const box = h(
    'section',
    { class: 'press', id: 'press-panel' },
    h(
      'h2',
      {},
      h('a', { href: `#/games/${id}/press` }, 'Press'),
      ' ',
      unreadBadge(list?.unread ?? 0, 'press-panel-badge'),
    ),
  );
  if (list) box.append(threadList(id, g, list));
  if (g.you.kind === 'player' && (g.status === 'active' || g.status === 'paused'))
    box.append(h('p', {}, h('a', { href: `#/games/${id}/press` }, 'Write press')));
  return box;
}

/** New press arrived: the badges and the list on the game page follow in place. */
export async function updatePress(id: string, g: Game): Promise<void> {
  const list = await pressOf(id).catch(() => null);
  if (!list) return;
  for (const bid of ['press-badge', 'press-panel-badge'])
    document.getElementById(bid)?.replaceWith(unreadBadge(list.unread, bid));
  document.getElementById('press-threads')?.replaceWith(threadList(id, g, list));
}
