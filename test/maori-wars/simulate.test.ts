// Random legal games through the GameModule (src/maori-wars/simulation.ts): on the fixture map and
// on the shipped data, no invariant broken, every offered action accepted, replays identical.
import { describe, expect, it } from 'vitest';
import { maoriWars } from '../../src/games/maori-wars.ts';
import { simulateMaoriWars } from '../../src/maori-wars/simulation.ts';
import { fixtureMap, fixtureScenario, fixtureTables } from './fixtures.ts';

describe('the Maori Wars simulator', () => {
  it('plays random legal games on the fixture map to their end with no problem', () => {
    const r = simulateMaoriWars(
      maoriWars,
      { map: fixtureMap(), tables: fixtureTables(), scenario: fixtureScenario() },
      { games: 12, seed: 'test' },
    );
    expect(r.problems).toEqual([]);
    expect(Object.values(r.wins).reduce((a, b) => a + b, 0) + r.draws).toBe(12);
  });
  it("plays Hōne Heke's Challenge on the shipped map and tables to its end", () => {
    const r = simulateMaoriWars(maoriWars, undefined, { games: 2, seed: 'test' });
    expect(r.problems).toEqual([]);
    expect(r.decisions).toBeGreaterThan(20);
  });
});
