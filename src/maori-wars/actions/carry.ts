// CARRY (6.0): "Canoes may be carried by a friendly unit (not by any British unit) across land. A
// unit's Movement Value is reduced by one (1) if it carries a Canoe." The Canoe ends where its carrier does.
import { allowance, applyMove, pathProblem, reachable, spent } from '../movement.ts';
import { hexesWord, unitWord } from '../rules/words.ts';
import { isHex, placeName, unit, unitName, type Unit } from '../state.ts';
import type { CarryAction, MWKind } from './types.ts';

const mayCarry = (u: Unit) => u.kind === 'warrior' || u.kind === 'queenite';

export const carry: MWKind<CarryAction> = {
  kind: 'carry',
  problem(s, side, a) {
    const c = unit(s, a.canoe),
      u = unit(s, a.carrier);
    if (!c || c.owner !== side || c.kind !== 'canoe' || !isHex(c.at))
      return 'that is not one of your Canoes on the map';
    if (!u || u.owner !== side || !mayCarry(u))
      return 'only Maori or Queenite Warriors carry a Canoe (never a British unit)';
    if (u.at !== c.at) return `${unitName(s, u)} is not with the Canoe`;
    if (s.moved.includes(c.id)) return 'the Canoe has moved already';
    const p = pathProblem(s, u, a.path);
    if ('problem' in p) return p.problem;
    const left = allowance(s, u) - spent(s, u) - 1;
    return p.cost > left ? `${unitName(s, u)} has ${left} mp left carrying a Canoe; that path costs ${p.cost}` : null;
  },
  apply(s, _side, a, lines) {
    const c = unit(s, a.canoe)!,
      u = unit(s, a.carrier)!;
    const cost = (pathProblem(s, u, a.path) as { cost: number }).cost;
    applyMove(s, u, a.path, cost + 1, lines);
    c.at = u.at;
    if (!s.moved.includes(c.id)) s.moved.push(c.id);
    lines.push(`${unitName(s, c)} is carried to ${placeName(s, u.at)} (${cost} mp, +1 for the Canoe).`);
  },
  options(s, side) {
    const out: CarryAction[] = [];
    for (const c of s.units.filter(
      (x) => x.owner === side && x.kind === 'canoe' && isHex(x.at) && !s.moved.includes(x.id),
    )) {
      const u = s.units
        .filter((x) => x.owner === side && x.at === c.at && mayCarry(x))
        .sort((a, b) => spent(s, a) - spent(s, b))[0];
      if (!u) continue;
      for (const [, path] of reachable(s, u, allowance(s, u) - spent(s, u) - 1)) {
        const a: CarryAction = { kind: 'carry', canoe: c.id, carrier: u.id, path };
        if (!carry.problem(s, side, a)) out.push(a);
      }
    }
    return out;
  },
  describe: (s, a) => `CARRY ${unitWord(s, a.canoe)} WITH ${unitWord(s, a.carrier)} TO ${hexesWord(s, a.path)}`,
};
