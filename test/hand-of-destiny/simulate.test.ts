import { describe, expect, it } from 'vitest';
import { hawaii1795 } from '../../src/games/hawaii1795.ts';
import { simulate } from '../../src/hand-of-destiny/simulation.ts';

describe('random games (legal choices only)', () => {
  it('plays full long games without an exception, a dead end or an illegal state', () => {
    const r = simulate(hawaii1795, { games: 40, seed: 'vitest-long', scenario: 'long' });
    expect(r.problems).toEqual([]);
    expect(r.ties + Object.values(r.wins).reduce((a, b) => a + b, 0)).toBe(40);
  });

  it('plays short games and games with every system option on', () => {
    expect(simulate(hawaii1795, { games: 20, seed: 'vitest-short', scenario: 'short' }).problems).toEqual([]);
    const all = {
      fogOfWar: true,
      reshuffle: true,
      riverMovement: true,
      artillery: true,
      breakoff: true,
      pursuit: true,
      majorBattles: true,
      supply: true,
      fortMarkers: true,
    };
    expect(
      simulate(hawaii1795, { games: 20, seed: 'vitest-options', scenario: 'long', options: all }).problems,
    ).toEqual([]);
  });

  it('gives the same final-state hash for the same seed, and another for another seed', () => {
    const a = simulate(hawaii1795, { games: 10, seed: 'same', scenario: 'long' });
    const b = simulate(hawaii1795, { games: 10, seed: 'same', scenario: 'long' });
    const c = simulate(hawaii1795, { games: 10, seed: 'other', scenario: 'long' });
    expect(a.hash).toBe(b.hash);
    expect(c.hash).not.toBe(a.hash);
  });

  it('replays a game exactly from its seed and submissions', () => {
    let s = hawaii1795.setup('replay', 'short');
    const log: { side: string; accepted: unknown }[] = [];
    // Every player turn default (no submission): a deterministic game to replay.
    while (!hawaii1795.outcome(s)) {
      const side = hawaii1795.expectedRoles(s)[0]!;
      const read = hawaii1795.readSubmission(s, side, ['STANDING WARFLEET ALWAYS']);
      log.push({ side, accepted: read.accepted });
      s = hawaii1795.resolve(s, { [side]: read.accepted }).state;
    }
    let t = hawaii1795.setup('replay', 'short');
    for (const e of log) t = hawaii1795.resolve(JSON.parse(JSON.stringify(t)), { [e.side]: e.accepted }).state;
    expect(JSON.stringify(t)).toBe(JSON.stringify(s));
  });
});
