// A random player that only makes legal choices: builds a submission line by line from the
// legal choices after the lines so far. Its own dice are a separate seeded stream, so the game's
// stream is untouched. Used by the simulator and the tests.
import { choicesFromPlanner } from './choices.ts';
import type { HodState } from './model.ts';
import { randomInt, type RandomState, seedRandom } from '../contract/random.ts';
import { Planner } from './submission.ts';

export interface RandomPlay {
  lines: string[];
  /** Lines the engine refused although the player built them from the legal choices (bugs). */
  rejected: { text: string; error: string }[];
}

const pick = <T>(r: RandomState, xs: readonly T[]): T => xs[randomInt(r, xs.length)]!;
const chance = (r: RandomState, p: number) => randomInt(r, 1000) < p * 1000;

function subset<T>(r: RandomState, xs: readonly T[], max: number): T[] {
  const pool = xs.slice();
  const out: T[] = [];
  const n = randomInt(r, Math.min(max, pool.length) + 1);
  for (let i = 0; i < n; i++) out.push(pool.splice(randomInt(r, pool.length), 1)[0]!);
  return out;
}

export function randomStanding(r: RandomState, state: HodState, side: string): string {
  const mine = state.scenario.units.filter((u) => u.side === side && !u.marker);
  const spaces = state.scenario.spaces.filter((s) => s.type === 'land').map((s) => s.id);
  switch (randomInt(r, 7)) {
    case 0:
      return `STANDING FIRE ${
        subset(r, mine, 3)
          .map((u) => u.id)
          .join(', ') || 'default'
      }`;
    case 1:
      return `STANDING LOSSES ${
        subset(r, mine, 3)
          .map((u) => u.kind)
          .join(', ') || 'default'
      }`;
    case 2:
      return `STANDING WARFLEET ${pick(r, ['always', 'never', 'stronger'])}${
        chance(r, 0.3)
          ? ` WITH ${
              subset(r, mine, 3)
                .map((u) => u.id)
                .join(', ') || 'warriors'
            }`
          : ''
      }`;
    case 3:
      return `STANDING RETREAT ${subset(r, spaces, 2).join(', ') || 'default'}`;
    case 4:
      return `STANDING EARTHWORKS ${pick(r, ['any', 'none', pick(r, spaces)])}`;
    case 5:
      return `STANDING ${pick(r, ['BREAKOFF', 'PURSUIT'])} ${pick(r, ['on', 'off'])}`;
    default:
      return 'STANDING DEFAULT';
  }
}

/** Lines for the side whose turn it is. `r` is the player's own random stream (advanced). */
export function randomTurn(state: HodState, r: RandomState): RandomPlay {
  const side = state.side;
  const p = new Planner(state, side);
  const out: RandomPlay = { lines: [], rejected: [] };
  const add = (text: string) => {
    const rl = p.add(text);
    if (rl.ok) out.lines.push(text);
    else out.rejected.push({ text, error: rl.error ?? '?' });
  };
  if (chance(r, 0.15)) add(randomStanding(r, state, side));
  let c = choicesFromPlanner(p, []);
  if (c.playable.length && chance(r, 0.5)) add(`PLAY ${pick(r, c.playable)}`);
  else if (c.canHold && chance(r, 0.5)) add('HOLD');
  c = choicesFromPlanner(p, ['removal']);
  if (c.removal && chance(r, 0.7)) {
    for (const id of subset(r, c.removal.candidates, c.removal.count)) add(`REMOVE ${id}`);
  }
  for (let i = 0; i < 6; i++) {
    c = choicesFromPlanner(p, ['recruits']);
    if (!c.recruits.length || !chance(r, 0.7)) break;
    const rec = pick(r, c.recruits);
    add(`RECRUIT ${rec.unit} ${chance(r, 0.8) ? pick(r, rec.spaces) : ''}`.trim());
  }
  p.advance('move');
  const moves = randomInt(r, 8);
  for (let i = 0; i < moves; i++) {
    c = choicesFromPlanner(p, ['moves']);
    const fleetOk = c.fleet.movesLeft > 0 && c.fleet.canoes.length > 0;
    if (fleetOk && (chance(r, 0.6) || !c.landMoves.length)) {
      const { canoe, at } = pick(r, c.fleet.canoes);
      const pickup = chance(r, 0.6) ? at : pick(r, c.fleet.pickups);
      if (pickup !== at && !c.fleet.pickups.includes(pickup)) continue;
      const dests = c.fleet.destinations.filter((s) => s !== pickup);
      if (!dests.length) continue;
      const dest = pick(r, dests);
      const g = p.g;
      const movers = g.sideUnitsAt(pickup, side).filter((id) => id !== canoe && p.t.canMove(id) && g.fighter(id));
      const leaders = subset(
        r,
        movers.filter((id) => g.u(id).leader),
        c.fleet.capacity.leaders,
      );
      const others = subset(
        r,
        movers.filter((id) => !g.u(id).leader),
        c.fleet.capacity.units,
      );
      const carry = [...others, ...leaders];
      add(`FLEET ${canoe} ${at} - ${pickup} - ${dest}${carry.length ? ` WITH ${carry.join(', ')}` : ''}`);
    } else if (c.landMoves.length) {
      const m = pick(r, c.landMoves);
      const to = pick(r, m.to);
      const also = c.landMoves.filter((x) => x.from === m.from && x.unit !== m.unit && x.to.includes(to));
      const units = [m.unit, ...subset(r, also, 4).map((x) => x.unit)];
      add(`MOVE ${units.join(', ')} ${m.from} - ${to}`);
    }
  }
  c = choicesFromPlanner(p, ['battles']);
  if (c.battles.length > 1 && chance(r, 0.5)) {
    const order = subset(r, c.battles, c.battles.length);
    if (order.length) add(`BATTLES ${order.join(', ')}`);
  }
  return out;
}

export function playerRandom(seed: string): RandomState {
  return seedRandom(seed, 'player');
}
