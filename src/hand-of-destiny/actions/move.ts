// MOVE (10.2: between the two spaces of an island; system 11.0: along routes) and FLEET (10.3: a
// canoe to a pickup space and on to its landing; 12.2: a river fleet), each one move in the order written.
import { RuleError } from '../model.ts';
import { pickUnits } from '../names.ts';
import type { MoveOrder, SideTurn } from '../turn.ts';
import { atPhase, type HodAction, type HodKind, spaceName, tried, unitNames } from './kind.ts';
import { parsePath, pickPreferring } from './reading.ts';

type Move = Extract<HodAction, { kind: 'move' }>;

const apply = (t: SideTurn, _by: string, a: Move) => t.move(a.order);
const problem = tried(apply);

function describe(t: SideTurn, a: Move): string {
  const g = t.g;
  const o = a.order;
  if (o.type === 'land') return `MOVE ${unitNames(g, o.units)} ${o.path.map((s) => spaceName(g, s)).join(' - ')}`;
  const shown = g.rules.movement === 'islands' && o.path[0] === o.path[1] ? [o.path[0]!, o.path[2]!] : o.path;
  return `FLEET ${g.u(o.canoe).name} ${shown.map((s) => spaceName(g, s)).join(' - ')}${o.carry.length ? ` WITH ${unitNames(g, o.carry)}` : ''}`;
}

function readMove(g: SideTurn['g'], side: string, rest: string) {
  if (!rest) throw new RuleError('MOVE needs units and a path, e.g. MOVE 2 warriors Kona - Hilo');
  const { head, path } = parsePath(g, rest);
  return {
    rank: 5,
    build: (t: SideTurn) => {
      t.advanceTo('move', 'MOVE');
      const from = path[0]!;
      const all = t.g.sideUnitsAt(from, side);
      // Canoes (10.3) and river fleets (12.2) move by FLEET, never by MOVE.
      const pool = all.filter(
        (id) =>
          t.canMove(id) &&
          !(t.g.rules.movement === 'islands' && t.g.u(id).canoe) &&
          !(t.g.opt.riverMovement && t.g.u(id).fleet),
      );
      // Units that cannot move are picked only to say why (the move check names the reason).
      const ids = head ? pickPreferring(t.g, pool, all, head, `at ${spaceName(g, from)}`) : pool;
      if (!ids.length) throw new RuleError(`you have no units at ${spaceName(g, from)} that can still move`);
      const a: Move = { kind: 'move', order: { type: 'land', units: ids, path } };
      return { frags: [a], reading: describe(t, a) };
    },
  };
}

function readFleet(g: SideTurn['g'], side: string, word: string, rest: string) {
  const [left, withText] = rest.split(/\s+with\s+/i) as [string, string | undefined];
  const { head, path } = parsePath(g, left ?? '');
  const canoeRef = word === 'CANOE' || word === 'CANOES' ? head || 'canoe' : head;
  return {
    rank: 5,
    build: (t: SideTurn) => {
      t.advanceTo('move', 'FLEET');
      const tg = t.g;
      const carriers = (at: string | null) =>
        tg
          .unitIds()
          .filter((id) => (tg.u(id).canoe || tg.u(id).fleet) && t.canMove(id) && (at === null || tg.at(id) === at));
      let canoe: string;
      let full: string[];
      if (tg.rules.movement === 'islands') {
        if (path.length > 3) throw new RuleError('a fleet move is start - pickup - destination');
        const start = path[0]!;
        const pickup = path.length === 3 ? path[1]! : start;
        const dest = path[path.length - 1]!;
        let pool = carriers(start);
        if (!pool.length && path.length === 2 && !canoeRef) {
          // No canoe there: one sails in from elsewhere (same island first) to pick the units up.
          const isl = tg.c.islandOf.get(start);
          pool = carriers(null)
            .filter((id) => tg.s.units[id]!.owner === side)
            .sort(
              (a, b) =>
                Number(tg.c.islandOf.get(tg.at(b)) === isl) - Number(tg.c.islandOf.get(tg.at(a)) === isl) ||
                a.localeCompare(b),
            );
        }
        pool = pool.filter((id) => tg.s.units[id]!.owner === side);
        if (!pool.length) throw new RuleError(`you have no canoe fleet at ${spaceName(g, start)} that can still move`);
        canoe = canoeRef
          ? pickUnits(tg, pool, canoeRef, `at ${spaceName(g, start)} that can still move`)[0]!
          : pool[0]!;
        full = [tg.at(canoe), pickup, dest];
      } else {
        const pool = carriers(path[0]!).filter((id) => tg.s.units[id]!.owner === side);
        if (!pool.length) throw new RuleError(`you have no fleet at ${spaceName(g, path[0]!)} that can still move`);
        canoe = canoeRef ? pickUnits(tg, pool, canoeRef, `at ${spaceName(g, path[0]!)}`)[0]! : pool[0]!;
        full = path;
      }
      const pickup = tg.rules.movement === 'islands' ? full[1]! : full[0]!;
      const cargoAll = tg.sideUnitsAt(pickup, side).filter((id) => id !== canoe);
      const cargoPool = cargoAll.filter((id) => t.canMove(id) && tg.fighter(id));
      const carry = withText?.trim()
        ? pickPreferring(tg, cargoPool, cargoAll, withText, `at ${spaceName(g, pickup)}`)
        : [];
      const a: Move = { kind: 'move', order: { type: 'fleet', canoe, path: full, carry } };
      return { frags: [a], reading: describe(t, a) };
    },
  };
}

/** One-unit moves and empty fleet moves from where each unit or canoe stands, as the move checks allow them. */
function options(t: SideTurn, by: string): Move[] {
  const f = atPhase(t, 'move');
  if (!f) return [];
  const g = f.g;
  const out: MoveOrder[] = [];
  for (const id of g.unitIds()) {
    if (!f.canMove(id)) continue;
    const from = g.at(id);
    const u = g.u(id);
    if (g.rules.movement === 'islands' && u.canoe) {
      for (const to of g.landSpaces())
        if (to !== from) out.push({ type: 'fleet', canoe: id, path: [from, from, to], carry: [] });
    } else if (g.rules.movement === 'islands') {
      for (const to of g.otherIslandSpaces(from)) out.push({ type: 'land', units: [id], path: [from, to] });
    } else {
      for (const n of g.neighbours(from)) {
        out.push(
          g.opt.riverMovement && u.fleet
            ? { type: 'fleet', canoe: id, path: [from, n.to], carry: [] }
            : { type: 'land', units: [id], path: [from, n.to] },
        );
      }
    }
  }
  return out.map((order): Move => ({ kind: 'move', order })).filter((a) => problem(t, by, a) === null);
}

export const move: HodKind<Move> = {
  kind: 'move',
  words: ['MOVE', 'MARCH', 'FLEET', 'SAIL', 'CANOE', 'CANOES'],
  rank: 5,
  read: (g, side, word, rest) =>
    word === 'MOVE' || word === 'MARCH' ? readMove(g, side, rest) : readFleet(g, side, word, rest),
  problem,
  apply,
  options,
  describe,
  submit: (sub, a) => void sub.moves.push(a.order),
};
