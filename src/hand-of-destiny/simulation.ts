// Random games through the GameModule: two random players making legal choices only. Every
// state is checked; the final states are hashed so that a seed always gives the same hash.
import { createHash } from 'node:crypto';
import type { GameModule } from '../contract/types.ts';
import { checkState } from './engine.ts';
import type { HodState } from './model.ts';
import { playerRandom, randomStanding, randomTurn } from './player.ts';
import { randomInt } from '../contract/random.ts';

export interface SimulationResult {
  games: number;
  wins: Record<string, number>;
  ties: number;
  /** Months played per game, on average. */
  averageTurns: number;
  averagePlayerTurns: number;
  problems: string[];
  hash: string;
  seconds: number;
}

export function simulate(
  m: GameModule<HodState>,
  opts: {
    games: number;
    seed: string;
    scenario: string;
    options?: Record<string, unknown>;
    onReport?: (text: string) => void;
  },
): SimulationResult {
  const wins: Record<string, number> = {};
  let ties = 0;
  let months = 0;
  let playerTurns = 0;
  const problems: string[] = [];
  const hash = createHash('sha256');
  const t0 = performance.now();
  for (let n = 0; n < opts.games; n++) {
    const seed = `${opts.seed}:${n}`;
    const rng = playerRandom(seed);
    let state = m.setup(seed, opts.scenario, opts.options ?? {});
    const roles = m.scenarios[0]!.roles;
    for (const r of roles) wins[r] ??= 0;
    let steps = 0;
    const fail = (what: string) => problems.push(`game ${n} (seed ${seed}), ${m.phase(state).label}: ${what}`);
    for (const p of checkState(state)) fail(`illegal state at set-up: ${p}`);
    while (!m.outcome(state)) {
      if (++steps > 200) {
        fail('dead end: the game does not finish');
        break;
      }
      const expected = m.expectedRoles(state);
      if (expected.length !== 1) {
        fail(`dead end: expected roles ${JSON.stringify(expected)}`);
        break;
      }
      const side = expected[0]!;
      const play = randomTurn(state, rng);
      for (const r of play.rejected) fail(`random player's legal line refused: ${r.text}: ${r.error}`);
      const read = m.readSubmission(state, side, play.lines);
      for (const l of read.lines) if (!l.ok) fail(`line refused on reading: ${l.text}: ${l.error}`);
      const subs: Record<string, unknown> = { [side]: read.accepted };
      const other = roles.find((r) => r !== side)!;
      if (randomInt(rng, 10) === 0)
        subs[other] = m.readSubmission(state, other, [randomStanding(rng, state, other)]).accepted;
      const before = JSON.stringify(state);
      const res = m.resolve(state, subs);
      if (JSON.stringify(state) !== before) fail('resolve changed its input state');
      state = res.state;
      for (const p of checkState(state)) fail(`illegal state: ${p}`);
      opts.onReport?.(m.formatReport(res.report, { kind: 'moderator' }));
    }
    const o = m.outcome(state);
    if (o?.kind === 'victory') wins[o.winners[0]!] = (wins[o.winners[0]!] ?? 0) + 1;
    else ties++;
    months += state.turn - (state.scenario.setups.find((x) => x.id === state.setup)!.firstTurn - 1);
    playerTurns += state.playerTurns;
    hash.update(JSON.stringify(state));
    hash.update('\n');
  }
  return {
    games: opts.games,
    wins,
    ties,
    averageTurns: months / opts.games,
    averagePlayerTurns: playerTurns / opts.games,
    problems,
    hash: hash.digest('hex'),
    seconds: (performance.now() - t0) / 1000,
  };
}
