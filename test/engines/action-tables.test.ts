// Every engine's action (order) kinds: one module a kind with the one shape (contract/action-kind.ts),
// in the table its engine dispatches through. The kind lists below are typed against each engine's
// action union (`satisfies Record<kind, true>`), so tsc fails when a kind is added to a union and
// not here, and this test fails when it has no module in the table.
import { describe, expect, it } from 'vitest';
import { ACTIONS as ALOHA_ACTIONS, type Action as AlohaAction } from '../../src/aloha/actions/index.ts';
import { ORDER_KINDS } from '../../src/diplomacy/kinds/index.ts';
import type { Order } from '../../src/diplomacy/types.ts';
import { ACTIONS as MW_ACTIONS, type Action as MWAction } from '../../src/maori-wars/actions/index.ts';

const MW_KINDS = {
  move: true,
  transport: true,
  destroyCanoe: true,
  reinforce: true,
  attack: true,
  negotiate: true,
  bushEnter: true,
  bushMove: true,
  bushLeave: true,
  raid: true,
  ship: true,
  sap: true,
  leaderMove: true,
  bombard: true,
  carry: true,
  bushRaid: true,
  rally: true,
  build: true,
  repair: true,
  standing: true,
  pass: true,
} satisfies Record<MWAction['kind'], true>;
const ALOHA_KINDS = {
  settle: true,
  migrate: true,
  warrior: true,
  take: true,
  event: true,
  king: true,
  convert: true,
  pass: true,
} satisfies Record<AlohaAction['kind'], true>;
const DIPLOMACY_KINDS = {
  hold: true,
  move: true,
  support: true,
  convoy: true,
  'build-boats': true,
  'trading-post': true,
  retreat: true,
  disband: true,
  build: true,
  waive: true,
} satisfies Record<Order['kind'], true>;

const engines: [string, Record<string, unknown>, Record<string, true>][] = [
  ['Maori Wars', MW_ACTIONS, MW_KINDS],
  ['Aloha', ALOHA_ACTIONS, ALOHA_KINDS],
  ['Diplomacy', ORDER_KINDS, DIPLOMACY_KINDS],
];

describe('action tables', () => {
  for (const [name, table, kinds] of engines) {
    it(`${name}: a module for every kind of its action union, each with problem, apply, options and describe`, () => {
      expect(Object.keys(table).sort()).toEqual(Object.keys(kinds).sort());
      for (const [kind, m] of Object.entries(table)) {
        const mod = m as Record<string, unknown>;
        expect(mod.kind, kind).toBe(kind);
        for (const f of ['problem', 'apply', 'options', 'describe'])
          expect(typeof mod[f], `${kind}.${f}`).toBe('function');
      }
    });
  }
});
