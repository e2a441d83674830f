// The simulators' final-state hashes on small runs, pinned: a refactor of an engine (the split into
// one module per action kind, issue 27) must not change what any game does. The numbers were taken
// before that split and hold after it (the 2,000-game Maori Wars and 500-game Aloha runs of
// `npm run -s simulate` hash the same too). A rule change that moves a hash updates it here, on purpose.
import { describe, expect, it } from 'vitest';
import { simulateAloha } from '../../src/aloha/simulation.ts';
import { aloha } from '../../src/games/aloha.ts';
import { maoriWars } from '../../src/games/maori-wars.ts';
import { simulateMaoriWars } from '../../src/maori-wars/simulation.ts';
import { fixtureMap, fixtureScenario, fixtureTables } from '../maori-wars/fixtures.ts';

describe('simulator hashes', () => {
  it('Maori Wars on the fixture map: 6 games', () => {
    const r = simulateMaoriWars(
      maoriWars,
      { map: fixtureMap(), tables: fixtureTables(), scenario: fixtureScenario() },
      { games: 6, seed: 'pin' },
    );
    expect(r.problems).toEqual([]);
    expect(r.hash).toBe('c9e2af5380937760');
  });
  it("Maori Wars, Hōne Heke's Challenge on the shipped data: 1 game", () => {
    const r = simulateMaoriWars(maoriWars, undefined, { games: 1, seed: 'pin' });
    expect(r.problems).toEqual([]);
    expect(r.hash).toBe('ff8624843f646421');
  });
  it('Aloha: 20 games with 2, 3 and 4 players', () => {
    const r = simulateAloha(aloha, { games: 20, seed: 'pin' });
    expect(r.problems).toEqual([]);
    expect(r.hash).toBe('f07e48e637a88a65');
  });
});
