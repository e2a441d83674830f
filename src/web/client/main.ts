// The kahu web client: sign in, your games, a game's page with its map, orders by clicking the map or
// picking from lists (keyboard and screen readers), readiness, the phase history as a replay, and
// creating a game. It uses the public API with the caller's session like any other client.
import { dateFormat } from './format.ts';
import { onRefresh } from './refresh.ts';
import { route } from './router.ts';

onRefresh(route);
window.addEventListener('hashchange', () => void route());
void route();
// Once the page's first request is under way (a task after this one): the deadline formatter's
// slow first build happens while it is, not when the page's head is built with its answer. Only
// for the pages that show a deadline (a game's, My games, public games).
if (!/\/(?:history|press|new)\b/.test(location.hash)) setTimeout(dateFormat, 0);
