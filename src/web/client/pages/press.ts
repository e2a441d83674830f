// A game's press as conversations: the reader's threads, and one thread with its messages and a
// reply to the same powers. New press arrives live; an open thread is marked read as it is shown.
import { get, post, put } from '../api.ts';
import { h, main, say, showError } from '../dom.ts';
import { power, stamp } from '../format.ts';
import { follow } from '../live.ts';
import { pressOf, threadHref, threadList, unreadBadge, type PressList } from '../panels/press.ts';
import type { Game } from '../types.ts';

export async function pressPage(id: string, thread?: string): Promise<void> {
  const params = { gameId: id };
  const g = await get('/games/{gameId}', { params });
  const settings = await get('/games/{gameId}/email-settings', { params }).catch(() => null);
  const me = g.you.kind === 'player' ? (g.you.role ?? null) : null;
  const writing =
    me !== null && (g.status === 'active' || g.status === 'paused') && !!settings && settings.press !== 'none';
  const back = h(
    'nav',
    { class: 'row game-nav', 'aria-label': 'Game' },
    h('a', { href: `#/games/${id}` }, '← Back to the game'),
    thread ? h('a', { href: `#/games/${id}/press` }, 'All threads ', unreadBadge(0)) : null,
  );
  const body = h('div', {});
  main.replaceChildren(h('h1', {}, `${g.name}: press`), back, body);

  if (!thread) {
    const show = (list: PressList) => {
      body.replaceChildren(threadList(id, g, list));
      if (writing) body.append(newThread(id, g, settings!.press));
    };
    show(await pressOf(id));
    follow(`/games/${id}/live`, (c) => {
      if (c.kinds.has('press') || c.kinds.has('resync')) void pressOf(id).then(show, () => {});
    });
    if (!writing)
      body.append(
        h(
          'p',
          { class: 'muted' },
          me === null
            ? 'You read the press sent to everyone, and all of it once the game is over if its moderator allows.'
            : settings?.press === 'none'
              ? 'This game allows no press.'
              : 'The game is over: no more press.',
        ),
      );
    return;
  }

  const list = await pressOf(id, thread);
  const key = list.press[0]?.thread ?? canonical(thread);
  const t = list.threads.find((x) => x.thread === key);
  const powers = key === 'ALL' ? (g.powers ?? []) : key.split(',');
  const title =
    key === 'ALL'
      ? 'Everyone'
      : powers
          .filter((r) => r !== me)
          .map((r) => power(g, r))
          .join(', ');
  const messages = h('ol', { class: 'conversation', id: 'conversation', 'aria-live': 'polite' });
  body.append(h('h2', {}, `With ${title}`), messages);
  let lastSeq = 0;
  const show = async (l: PressList) => {
    messages.replaceChildren(
      ...l.press.map((p) =>
        h(
          'li',
          { class: p.from === me ? 'mine' : '', 'data-seq': String(p.seq) },
          h(
            'span',
            { class: 'who' },
            p.from === me ? 'You' : power(g, p.from),
            ' · ',
            stamp(p.sentAt),
            p.phase ? ` · ${p.phase}` : '',
          ),
          h('p', {}, p.text),
        ),
      ),
    );
    if (!l.press.length) messages.append(h('li', { class: 'muted' }, 'No messages yet: write the first.'));
    const newest = l.press.at(-1)?.seq ?? 0;
    document
      .getElementById('press-badge')
      ?.replaceWith(unreadBadge(l.unread - (l.threads.find((x) => x.thread === key)?.unread ?? 0)));
    // Shown is read: the server is told how far (a message that came later stays unread).
    if (newest > lastSeq && (t || l.press.length) && document.visibilityState !== 'hidden') {
      lastSeq = newest;
      await put('/games/{gameId}/press/read', { params, body: { thread: key, seq: newest } }).catch(() => null);
    }
  };
  await show(list);
  // Press that came while the tab was hidden is read when the reader comes back to it.
  const onVisible = () => {
    if (!document.contains(messages)) {
      document.removeEventListener('visibilitychange', onVisible);
      return;
    }
    if (document.visibilityState === 'visible') void pressOf(id, key).then(show, () => {});
  };
  document.addEventListener('visibilitychange', onVisible);
  follow(`/games/${id}/live`, (c) => {
    if (c.kinds.has('press') || c.kinds.has('resync')) void pressOf(id, key).then(show, () => {});
  });

  const party = me !== null && (key === 'ALL' || powers.includes(me));
  const allowed = key === 'ALL' ? settings?.press !== 'none' : settings?.press === 'full';
  if (!writing || !party || !allowed) {
    body.append(
      h(
        'p',
        { class: 'muted' },
        !party || !writing ? 'You cannot write in this thread.' : 'This game allows press to everyone only.',
      ),
    );
    return;
  }
  const text = h('textarea', { id: 'press-text', rows: '3', required: true, maxlength: '10000' });
  const out = h('div', { 'aria-live': 'polite' });
  body.append(
    h(
      'form',
      {
        class: 'stack reply',
        onsubmit: async (e: Event) => {
          e.preventDefault();
          out.replaceChildren();
          try {
            await post('/games/{gameId}/press', {
              params,
              body: { to: key === 'ALL' ? 'ALL' : powers.filter((r) => r !== me), text: text.value },
            });
            text.value = '';
            say('Press sent.');
            await show(await pressOf(id, key));
          } catch (err) {
            out.append(showError(err));
          }
        },
      },
      h('label', { for: 'press-text' }, `Message to ${title}`),
      text,
      h('button', { type: 'submit' }, 'Send'),
    ),
    out,
  );
}

/** The thread a link names, in the server's one spelling (sorted powers), for a thread with no press yet. */
function canonical(thread: string): string {
  return thread.toUpperCase() === 'ALL' ? 'ALL' : [...new Set(thread.split(',').map((s) => s.trim()))].sort().join(',');
}

/** Start a conversation: pick the powers (or everyone, where only that is allowed) and open its thread. */
function newThread(id: string, g: Game, level: string): HTMLElement {
  const me = g.you.role ?? '';
  const others = (g.powers ?? []).filter((p) => p !== me);
  if (level !== 'full')
    return h(
      'p',
      {},
      h('a', { href: threadHref(id, 'ALL') }, 'Write to everyone'),
      h('span', { class: 'muted' }, ' (this game allows press to everyone only)'),
    );
  const boxes = others.map((p) => h('input', { type: 'checkbox', id: `press-with-${p}`, value: p }));
  const out = h('p', { class: 'error', 'aria-live': 'polite' });
  return h(
    'form',
    {
      class: 'stack new-thread',
      onsubmit: (e: Event) => {
        e.preventDefault();
        const picked = boxes.filter((b) => b.checked).map((b) => b.value);
        if (!picked.length) {
          out.textContent = 'Pick at least one power, or write to everyone.';
          return;
        }
        location.hash = threadHref(id, [...picked, me].sort().join(','));
      },
    },
    h('h2', {}, 'New conversation'),
    h(
      'fieldset',
      { class: 'powers' },
      h('legend', {}, 'With'),
      ...others.map((p, i) => h('label', { class: 'check' }, boxes[i]!, ` ${power(g, p)}`)),
    ),
    h(
      'div',
      { class: 'row' },
      h('button', { type: 'submit' }, 'Open conversation'),
      h('a', { href: threadHref(id, 'ALL') }, 'Write to everyone'),
    ),
    out,
  );
}
