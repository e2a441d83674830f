// The service stores a state as Postgres jsonb, which gives its objects back with the keys
// reordered (shorter keys first). The adjudication, the report included, must not depend on it.
import { describe, expect, it } from 'vitest';
import { hawaii1795 } from '../../src/games/hawaii1795.ts';
import type { TurnReport } from '../../src/hand-of-destiny/engine.ts';
import type { HodState } from '../../src/hand-of-destiny/model.ts';
import { playerRandom, randomTurn } from '../../src/hand-of-destiny/player.ts';

/** The key order jsonb gives back: shorter keys first, then bytewise. */
function jsonbOrder<T>(v: T): T {
  if (Array.isArray(v)) return v.map(jsonbOrder) as T;
  if (v && typeof v === 'object') {
    const keys = Object.keys(v).sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(keys.map((k) => [k, jsonbOrder((v as Record<string, unknown>)[k])])) as T;
  }
  return v;
}

describe('adjudication does not depend on the key order of the stored state', () => {
  it('every turn of random games resolves to the same state and report from a jsonb-ordered copy', () => {
    let turns = 0;
    for (let n = 0; n < 6; n++) {
      const rng = playerRandom(`ko:${n}`);
      let s: HodState = hawaii1795.setup(`ko:${n}`, 'long', {});
      while (!hawaii1795.outcome(s)) {
        const side = s.side;
        const lines = randomTurn(s, rng).lines;
        const a = hawaii1795.resolve(s, { [side]: hawaii1795.readSubmission(s, side, lines).accepted });
        const stored = jsonbOrder(s);
        const b = hawaii1795.resolve(stored, { [side]: hawaii1795.readSubmission(stored, side, lines).accepted });
        expect(JSON.stringify(jsonbOrder(b.state))).toBe(JSON.stringify(jsonbOrder(a.state)));
        expect((b.report as TurnReport).entries).toEqual((a.report as TurnReport).entries);
        s = a.state;
        turns++;
      }
    }
    expect(turns).toBeGreaterThan(40);
  });
});
