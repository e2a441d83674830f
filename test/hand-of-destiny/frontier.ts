import { setupGame } from '../../src/hand-of-destiny/engine.ts';
import type { HodState } from '../../src/hand-of-destiny/model.ts';
import { position, turnWith } from './helpers.ts';

// A small test scenario of the Hand of Destiny system with route movement, rivers, cavalry,
// artillery, a fleet, supply and fort markers: the system rules Hawaii 1795 does not use.
export function frontier(): any {
  const u = (id: string, side: string, kind: string, strength: number, extra: Record<string, unknown> = {}) => ({
    id,
    name: id,
    side,
    kind,
    strength,
    ...extra,
  });
  return {
    id: 'frontier',
    name: 'River Frontier (test)',
    system: 'hand-of-destiny',
    unofficial: true,
    provenance: 'test scenario',
    sides: [
      { id: 'army', name: 'Army' },
      { id: 'tribes', name: 'Tribes' },
    ],
    turns: { labels: ['T1', 'T2', 'T3', 'T4'] },
    spaces: [
      { id: 'fort', name: 'Fort', type: 'land', fort: true },
      { id: 'plain', name: 'Plain', type: 'land' },
      { id: 'ford', name: 'Ford', type: 'land', river: true },
      { id: 'bend', name: 'Bend', type: 'land', river: true },
      { id: 'village', name: 'Village', type: 'land' },
      { id: 'hills', name: 'Hills', type: 'land' },
      { id: 'camp', name: 'Camp', type: 'land' },
      { id: 'far', name: 'Far', type: 'land' },
    ],
    routes: [
      { a: 'fort', b: 'plain', type: 'land' },
      { a: 'plain', b: 'ford', type: 'land' },
      { a: 'ford', b: 'bend', type: 'river' },
      { a: 'bend', b: 'village', type: 'land' },
      { a: 'plain', b: 'hills', type: 'land' },
      { a: 'hills', b: 'camp', type: 'land' },
      { a: 'camp', b: 'far', type: 'land' },
    ],
    units: [
      u('general', 'army', 'leader', 2, { leader: true, elite: true, home: ['fort'] }),
      u('cavalry', 'army', 'cavalry', 2, { cavalry: true, breakoff: true, home: ['fort'] }),
      u('inf-1', 'army', 'infantry', 2, { home: ['fort'] }),
      u('inf-2', 'army', 'infantry', 2, { home: ['fort'] }),
      u('inf-3', 'army', 'infantry', 2, { home: ['fort'] }),
      u('inf-4', 'army', 'infantry', 2, { home: ['fort'] }),
      u('inf-5', 'army', 'infantry', 1, { home: ['fort'] }),
      u('gun', 'army', 'artillery', 2, { artillery: true, home: ['fort'] }),
      u('gunboat', 'army', 'fleet', 1, { fleet: true, home: ['ford'] }),
      u('sappers', 'army', 'engineers', 1, { buildsForts: true, home: ['fort'] }),
      u('chief', 'tribes', 'leader', 2, { leader: true, elite: true, home: ['village'] }),
      u('braves', 'tribes', 'cavalry', 2, { cavalry: true, breakoff: true, home: ['village'] }),
      u('band-1', 'tribes', 'warriors', 2, { home: ['village'] }),
      u('band-2', 'tribes', 'warriors', 2, { home: ['village'] }),
      u('band-3', 'tribes', 'warriors', 2, { home: ['village'] }),
      u('band-4', 'tribes', 'warriors', 2, { home: ['village'] }),
      u('band-5', 'tribes', 'warriors', 1, { home: ['village'] }),
    ],
    decks: {
      army: [
        { number: 1, title: 'March', moves: [{ kinds: ['cavalry'], spaces: 3 }, { spaces: 2 }] },
        { number: 2, title: 'Forced March', moves: [{ spaces: 3 }], recruit: [{ kind: 'infantry' }] },
        { number: 3, title: 'Shuffle', event: { type: 'reshuffle' } },
      ],
      tribes: [
        { number: 1, title: 'Raid', moves: [{ spaces: 2 }] },
        { number: 2, title: 'Gather', moves: [{ spaces: 1 }], recruit: [{ kind: 'warriors' }] },
        { number: 3, title: 'Council', moves: [{ spaces: 1 }] },
      ],
    },
    battleResultsTable: {
      columns: { 'non-elite': ['-', '-', '-', 'P', 'P', 'E'], elite: ['-', '-', 'P', 'P', 'E', 'E'] },
    },
    setups: [{ id: 'test', name: 'test', firstTurn: 1, placements: { general: 'fort', chief: 'village' } }],
    victory: {
      occupation: [{ side: 'army', when: 'turn-start', groups: [{ count: 1, of: ['village'] }] }],
      suddenDeath: [{ winner: 'army', eliminated: ['chief'] }],
    },
    rules: { fortMarkers: { army: 1, tribes: 0 } },
  };
}

/** A turn of the frontier scenario with units placed; spaces holding both sides are contested. */
export function front(
  options: Record<string, unknown>,
  placements: Record<string, string>,
  side: string,
  card: number,
  mutate?: (d: any) => void,
): HodState {
  const data = frontier();
  mutate?.(data);
  let s = setupGame('f', 'frontier', 'test', { ...options, scenarioData: data });
  s = position(s, placements);
  s.contested = [];
  for (const sp of new Set(Object.values(placements))) {
    const owners = new Set(
      Object.values(s.units)
        .filter((u) => u.at === sp)
        .map((u) => u.owner),
    );
    if (owners.has('army') && owners.has('tribes')) s.contested.push(sp);
  }
  return turnWith(s, side, card, 1);
}
