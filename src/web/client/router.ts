// Hash routes (#/games/<id>, #/new, …): each builds its page; aria-busy while a page is built, so
// its controls work once it is "false" (screen readers wait too).
import { ApiError, NEXT_KEY, del, forgetEarly, post, prefetch, session, whoAmI } from './api.ts';
import { errorText, h, main, nav, say, showError } from './dom.ts';
import { beginPage, endPage } from './live.ts';
import { gameAnswers, gamePage } from './pages/game.ts';
import { gamesPage } from './pages/games.ts';
import { historyPage } from './pages/history.ts';
import { newGamePage } from './pages/new-game.ts';
import { pressPage } from './pages/press.ts';
import { publicGamesPage } from './pages/public-games.ts';
import { settingsPage } from './pages/settings.ts';
import { signInPage } from './pages/sign-in.ts';

/**
 * A sign-in link (`#signin=<code>&next=/games/<id>`) is used once: the code is exchanged for the
 * session cookie, then dropped from the address bar.
 */
async function takeSignInLink(): Promise<boolean> {
  const m = /[#&]signin=([A-Za-z0-9_-]+)/.exec(location.hash);
  if (!m) return false;
  const next = /[#&]next=(\/[A-Za-z0-9/_-]*)/.exec(location.hash)?.[1] ?? localStorage.getItem(NEXT_KEY) ?? '/';
  localStorage.removeItem(NEXT_KEY);
  history.replaceState(null, '', `${location.pathname}#${next}`);
  try {
    session.me = await post('/accounts/session', { body: { code: m[1]! } });
  } catch (e) {
    session.me = null;
    say(errorText(e));
    session.linkProblem = errorText(e);
  }
  return true;
}

function setNav(): void {
  nav.replaceChildren(
    ...(session.me
      ? [
          h('a', { href: '#/' }, 'My games'),
          h('a', { href: '#/new' }, 'New game'),
          h('a', { href: '#/public' }, 'Public games'),
          h('a', { href: '#/settings' }, 'Settings'),
          h('a', { href: '/docs' }, 'API'),
          h(
            'button',
            {
              type: 'button',
              class: 'link',
              onclick: async () => {
                await del('/accounts/session').catch(() => null);
                session.me = null;
                void route();
              },
            },
            'Sign out',
          ),
        ]
      : [
          h('a', { href: '#/public' }, 'Public games'),
          h('a', { href: '#/' }, 'Sign in'),
          h('a', { href: '/docs' }, 'API'),
        ]),
  );
}

let building = 0;
/** Page builds started, and the newest one that has finished: the page the reader asked for last. */
let started = 0;
let shown = 0;
export async function route(): Promise<void> {
  building++;
  const mine = ++started;
  main.setAttribute('aria-busy', 'true');
  beginPage();
  try {
    await routeOnce();
  } finally {
    forgetEarly();
    endPage();
    // A build that ends after a newer one (My games still building when a game's link is
    // followed) has written over the newer page: the page asked for last is built again.
    if (mine < shown) {
      building--;
      void route();
    } else {
      shown = mine;
      if (--building === 0) main.setAttribute('aria-busy', 'false');
    }
  }
}

async function routeOnce(): Promise<void> {
  forgetEarly();
  const fromMail = await takeSignInLink();
  const path = location.hash.replace(/^#/, '') || '/';
  // A game's page: its answers asked for now, beside "who am I" (not one after the other); those of
  // a player's seat too when this browser knows the seat or the reader came by a mail's link to the
  // game (mostly a player's), else after the game's (gameAnswers).
  const game = /^\/games\/([0-9a-f-]{36})$/.exec(path);
  if (game) prefetch(gameAnswers(game[1]!, fromMail));
  await whoAmI();
  setNav();
  try {
    let m: RegExpExecArray | null;
    if (path === '/public') return await publicGamesPage();
    if (!session.me) {
      // A public game is open to visitors; any other game is "not found" until they sign in.
      if ((m = /^\/games\/([0-9a-f-]{36})(?:\/history(?:\/(\d+))?)?$/.exec(path))) {
        try {
          return await (path.includes('/history')
            ? historyPage(m[1]!, m[2] ? Number(m[2]) : undefined)
            : gamePage(m[1]!));
        } catch (e) {
          if (!(e instanceof ApiError && e.status === 404)) throw e;
          localStorage.setItem(NEXT_KEY, `/games/${m[1]}`);
        }
      }
      return signInPage();
    }
    if ((m = /^\/games\/([0-9a-f-]{36})\/press(?:\/([^/]+))?$/.exec(path)))
      return await pressPage(m[1]!, m[2] ? decodeURIComponent(m[2]) : undefined);
    if ((m = /^\/games\/([0-9a-f-]{36})\/history(?:\/(\d+))?$/.exec(path)))
      return await historyPage(m[1]!, m[2] ? Number(m[2]) : undefined);
    if (game) return await gamePage(game[1]!);
    if (path === '/new') return await newGamePage();
    if (path === '/settings') return await settingsPage();
    return await gamesPage();
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) {
      setNav();
      return signInPage();
    }
    main.replaceChildren(showError(e));
  } finally {
    main.focus();
  }
}
