// The kahu web client: sign in, your games, a game's page with its map, orders by clicking the map or
// picking from lists (keyboard and screen readers), readiness, the phase history as a replay, and
// creating a game. It uses the public API with the caller's session like any other client.
import { onRefresh } from './refresh.ts';
import { route } from './router.ts';

onRefresh(route);
window.addEventListener('hashchange', () => void route());
void route();
