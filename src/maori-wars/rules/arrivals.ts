// Automatic reinforcements (5.0 and the scenario's schedule): units and leaders that arrive by
// themselves when their side's Reinforcement Phase begins.
import { distance } from '../hex.ts';
import { isEnemy } from '../movement.ts';
import { newUnit, whereHexes } from '../setup.ts';
import {
  dataOf,
  hexData,
  isHex,
  mapNeighbours,
  mapOf,
  sideUnits,
  stackCount,
  stackLimit,
  structuresAt,
  unitName,
  unitsAt,
  type MWState,
  type Unit,
} from '../state.ts';
import { reinforcementHexes } from './supply.ts';

export function automaticReinforcements(s: MWState, lines: string[]): void {
  const arrived: Unit[] = [];
  for (const r of dataOf(s).scenario.automatic.filter((x) => x.turn === s.turn && x.side === s.side)) {
    for (let i = 0; i < r.count; i++) {
      const want = whereHexes(s, r.at);
      if (!want.length) {
        // No place printed: where 5.0 places reinforcements (the first such hex; not a decision yet).
        const nu = newUnit(s, { kind: r.kind, owner: s.side, at: 'box' });
        const h = reinforcementHexes(s, s.side, nu)[0];
        if (h) nu.at = h;
        arrived.push(nu);
        lines.push(`Automatic reinforcement: ${unitName(s, nu)}.`);
        continue;
      }
      const fits = (h: string) =>
        stackCount(s, s.side, h) < stackLimit(s, s.side, h) &&
        !unitsAt(s, h).some((x) => x.owner !== s.side) &&
        !structuresAt(s, h).some((x) => x.owner !== s.side);
      const nearEnemy = (h: string) =>
        mapNeighbours(mapOf(s), h).some((n) => unitsAt(s, n).some((x) => isEnemy(s.side, x.owner)));
      let hex =
        want.find(fits) ??
        want
          .flatMap((h) => mapNeighbours(mapOf(s), h))
          .find((h) => fits(h) && !nearEnemy(h) && hexData(mapOf(s), h)!.terrain !== 'ocean');
      if (!hex && s.side === 'British' && want[0])
        hex = mapOf(s)
          .hexes.filter((h) => h.coastal && h.terrain !== 'ocean' && fits(h.id) && !nearEnemy(h.id))
          .map((h) => h.id)
          .sort((a, b) => distance(a, want[0]!) - distance(b, want[0]!) || a.localeCompare(b))[0];
      const nu = newUnit(s, { kind: r.kind, owner: s.side, at: hex ?? 'box' });
      arrived.push(nu);
      lines.push(`Automatic reinforcement: ${unitName(s, nu)}.`);
    }
  }
  for (const r of dataOf(s).scenario.automaticLeaders.filter((x) => x.turn === s.turn && x.side === s.side)) {
    const want = whereHexes(s, r.at);
    const info = dataOf(s).scenario.leaders[r.name];
    // A leader goes on a unit of its own category (7.0: leaders command their own category; a Queenite leader with
    // the Queenites): at its printed place, else on the units that arrive with it (placed as 5.0 says), else any.
    const cat = info?.category ?? 'british';
    const commands = (u: Unit) =>
      u.kind !== 'leader' &&
      isHex(u.at) &&
      (cat === 'queenite' ? u.kind === 'queenite' : cat === 'british' ? u.kind !== 'queenite' : true);
    const on =
      (want.length
        ? sideUnits(s, s.side).find((u) => commands(u) && want.some((h) => h === u.at || distance(h, u.at) <= 1))
        : undefined) ??
      arrived.find(commands) ??
      sideUnits(s, s.side).find(commands) ??
      sideUnits(s, s.side).find((u) => u.kind !== 'leader' && isHex(u.at));
    const l = newUnit(s, {
      kind: 'leader',
      owner: s.side,
      name: r.name,
      category: info?.category ?? 'british',
      ...(info?.rangerLeader ? { rangerLeader: true } : {}),
      at: on?.at ?? 'box',
    });
    lines.push(`Automatic reinforcement: ${unitName(s, l)}.`);
  }
}
