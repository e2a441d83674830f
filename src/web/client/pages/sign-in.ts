import { NEXT_KEY, post, session } from '../api.ts';
import { h, main, showError } from '../dom.ts';
import { publicGames } from './public-games.ts';

/** For a signed-out visitor of a public game: where to sign in, coming back to this page after. */
export function signInNote(path: string): Node {
  return h(
    'p',
    { class: 'sign-in-note' },
    'You are watching this game as a visitor. ',
    h('a', { href: '#/', onclick: () => localStorage.setItem(NEXT_KEY, path) }, 'Sign in'),
    ' to play, or to see the games you are in.',
  );
}

export function signInPage(): void {
  const email = h('input', {
    id: 'email',
    type: 'email',
    required: true,
    autocomplete: 'email',
    placeholder: 'you@example.org',
  });
  const out = h('div', {});
  const send = async (path: '/accounts/sign-in' | '/accounts') => {
    out.replaceChildren();
    try {
      const next = localStorage.getItem(NEXT_KEY) ?? undefined;
      await post(path, { body: { email: email.value.trim(), web: true, ...(next ? { next } : {}) } });
      out.append(
        h(
          'p',
          { class: 'ok' },
          `A sign-in link is on its way to ${email.value.trim()}. Open it in this browser within 15 minutes; it works once.`,
        ),
      );
    } catch (e) {
      out.append(showError(e));
    }
  };
  main.replaceChildren(
    h('h1', {}, 'Sign in'),
    session.linkProblem ? h('p', { class: 'error', role: 'alert' }, session.linkProblem) : '',
    localStorage.getItem(NEXT_KEY)
      ? h(
          'p',
          { class: 'ok' },
          'Sign in to open the game your link leads to: it opens once you follow the link we mail you.',
        )
      : '',
    h(
      'p',
      {},
      'kahu judges Diplomacy variants, Hawaii 1795, Aloha and Maori Wars by deadline, in the browser, by email or over HTTP. Enter your email address: we send you a link that signs you in (the first time, the link also creates your account).',
    ),
    h(
      'form',
      {
        class: 'stack',
        onsubmit: (e: Event) => {
          e.preventDefault();
          void send('/accounts/sign-in');
        },
      },
      h('label', { for: 'email' }, 'Email address'),
      email,
      h(
        'div',
        { class: 'row' },
        h('button', { type: 'submit' }, 'Email me a sign-in link'),
        h(
          'button',
          {
            type: 'button',
            class: 'secondary',
            onclick: () => {
              if (email.reportValidity()) void send('/accounts');
            },
          },
          'New here: register',
        ),
      ),
    ),
    out,
  );
  void publicGames()
    .then((list) => main.append(list))
    .catch(() => null);
}
