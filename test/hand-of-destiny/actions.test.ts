// One module per action kind (issue 27): every kind of the union has its module in the table with
// the four functions of the shared shape, and every action a kind offers (options) is one its
// own check (problem) accepts, in positions of random games, at every phase of the turn.
import { describe, expect, it } from 'vitest';
import { ACTIONS, type HodAction } from '../../src/hand-of-destiny/actions/index.ts';
import { resolveTurn, setupGame } from '../../src/hand-of-destiny/engine.ts';
import type { HodState } from '../../src/hand-of-destiny/model.ts';
import { playerRandom, randomTurn } from '../../src/hand-of-destiny/player.ts';
import { Planner, readTurn } from '../../src/hand-of-destiny/submission.ts';
import type { SideTurn } from '../../src/hand-of-destiny/turn.ts';
import { front } from './frontier.ts';
import { battle, K, newGame, position, turnWith } from './helpers.ts';

// A kind added to the union without a line here does not compile.
const UNION: Record<HodAction['kind'], true> = {
  standing: true,
  play: true,
  hold: true,
  remove: true,
  recruit: true,
  fort: true,
  move: true,
  battles: true,
  advance: true,
};

/** Turn starts of a few random games and of made-up positions, each planned up to every phase. */
function turnsToCheck(): SideTurn[] {
  const out: SideTurn[] = [];
  const made = [
    // Storm (removal), a battle due, and the route-movement scenario with fort markers and river fleets.
    turnWith(
      position(newGame(), {
        kamehameha: 'kona',
        'k-canoe-1': 'kona',
        'k-canoe-2': 'hilo',
        kalani: 'oahu-1',
        'a-canoe-1': 'oahu-1',
      }),
      K,
      8,
      4,
    ),
    battle(K, {
      kamehameha: 'kona',
      'k-warriors-1': 'maui',
      'k-canoe-1': 'maui',
      'maui-warriors-1': 'maui',
      kalani: 'oahu-1',
    }),
    front(
      { fortMarkers: true, riverMovement: true },
      { general: 'fort', sappers: 'plain', 'inf-1': 'plain', chief: 'village', gunboat: 'camp' },
      'army',
      2,
    ),
  ];
  for (const s of made) {
    for (const phase of [null, 'removal', 'recruit', 'move', 'battle'] as const) {
      const p = new Planner(s, s.side);
      if (phase) p.advance(phase);
      out.push(p.t);
    }
  }
  for (let n = 0; n < 3; n++) {
    const rng = playerRandom(`actions:${n}`);
    let s: HodState = setupGame(
      `actions:${n}`,
      'hawaii-1795',
      n === 2 ? 'short' : 'long',
      n === 1 ? { fortMarkers: true } : {},
    );
    for (let turn = 0; turn < 5 && !s.outcome; turn++) {
      for (const phase of [null, 'removal', 'recruit', 'move', 'battle'] as const) {
        const p = new Planner(s, s.side);
        if (phase) p.advance(phase);
        out.push(p.t);
      }
      const lines = randomTurn(s, rng).lines;
      s = resolveTurn(s, { [s.side]: readTurn(s, s.side, lines).accepted }).state;
    }
  }
  return out;
}

describe('action kinds (src/hand-of-destiny/actions/)', () => {
  it('every kind of the union has a module in the table, with problem, apply, options and describe', () => {
    expect(Object.keys(ACTIONS).sort()).toEqual(Object.keys(UNION).sort());
    for (const [key, k] of Object.entries(ACTIONS)) {
      expect(k.kind).toBe(key);
      for (const f of ['problem', 'apply', 'options', 'describe'] as const) expect(typeof k[f]).toBe('function');
    }
  });

  it("every option of every kind is accepted by the kind's problem(), which changes nothing; the other side may only give standing instructions", () => {
    const offered: Record<string, number> = {};
    for (const t of turnsToCheck()) {
      const before = JSON.stringify(t.g.s);
      const other = t.g.enemy(t.side);
      for (const k of Object.values(ACTIONS)) {
        const kind = k as unknown as (typeof ACTIONS)['move'];
        for (const a of kind.options(t, t.side)) {
          offered[k.kind] = (offered[k.kind] ?? 0) + 1;
          expect(kind.problem(t, t.side, a), `${kind.describe(t, a)} at ${t.phase}`).toBeNull();
          expect(kind.describe(t, a)).toMatch(/\S/);
          if (k.kind !== 'standing') expect(kind.problem(t, other, a)).toMatch(/only STANDING instructions/);
        }
      }
      expect(JSON.stringify(t.g.s)).toBe(before);
    }
    for (const kind of Object.keys(ACTIONS)) expect(offered[kind], kind).toBeGreaterThan(0);
  });

  it('a refused action says why, in the rulebook words, and leaves the turn as it was', () => {
    const s = setupGame('actions', 'hawaii-1795', 'long');
    const t = new Planner(s, s.side).t;
    const before = JSON.stringify(t.g.s);
    expect(ACTIONS.recruit.problem(t, t.side, { kind: 'recruit', unit: 'kamehameha', space: 'kona' })).toMatch(
      /Kamehameha cannot be recruited now/,
    );
    expect(
      ACTIONS.move.problem(t, t.side, {
        kind: 'move',
        order: { type: 'land', units: ['kamehameha'], path: ['kona', 'maui'] },
      }),
    ).toMatch(/not two spaces of one island/);
    expect(JSON.stringify(t.g.s)).toBe(before);
  });
});
