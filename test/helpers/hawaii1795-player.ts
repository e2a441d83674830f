// A Hawaii 1795 player for the service tests, as a client would write one: it builds its turn
// from the engine's legal choices (hawaii1795Choices), keeps a line only when the engine reads
// it, and goes for the enemy (fleet moves land where enemy units stand, so battles are fought).
import { hawaii1795, hawaii1795Choices, type Hawaii1795State } from '../../src/games/hawaii1795.ts';

/** The lines of `side`'s turn. `n` varies the choices from turn to turn. */
export function hawaiiTurn(state: Hawaii1795State, side: string, n: number): string[] {
  const lines: string[] = [];
  const choices = () => hawaii1795Choices(state, side, lines);
  const tryAdd = (line: string): boolean => {
    const read = hawaii1795.readSubmission(state, side, [...lines, line]);
    if (!read.lines.every((l) => l.ok)) return false;
    lines.push(line);
    return true;
  };
  let c = choices();
  if (c.playable.length && n % 2 === 1) tryAdd(`PLAY ${c.playable[0]}`);
  else if (c.canHold) tryAdd('HOLD');
  c = choices();
  if (c.removal) for (const id of c.removal.candidates.slice(0, c.removal.count)) tryAdd(`REMOVE ${id}`);
  for (let i = 0; i < 6; i++) {
    c = choices();
    const r = c.recruits[0];
    if (!r || !tryAdd(`RECRUIT ${r.unit} ${r.spaces[(n + i) % r.spaces.length]}`)) break;
  }
  // Fleet moves: from where this side is strongest, to where the enemy stands.
  const enemy = state.scenario.sides.map((s) => s.id).find((s) => s !== side)!;
  for (let i = 0; i < 2; i++) {
    c = choices();
    if (c.fleet.movesLeft <= 0 || !c.fleet.canoes.length) break;
    const enemyAt = new Set(
      Object.values(state.units)
        .filter((u) => u.owner === enemy)
        .map((u) => u.at),
    );
    const targets = c.fleet.destinations.filter((d) => enemyAt.has(d));
    const dest = targets[(n + i) % Math.max(1, targets.length)] ?? c.fleet.destinations[0];
    let added = false;
    for (const { canoe, at } of c.fleet.canoes) {
      if (at === dest) continue;
      const mine = Object.entries(state.units)
        .filter(([id, u]) => u.owner === side && u.at === at && id !== canoe && !/canoe/i.test(id))
        .map(([id]) => id);
      // Leaders stay at home: a side whose leaders fall loses at once (sudden death).
      const isLeader = (id: string) => !!state.scenario.units.find((u) => u.id === id)?.leader;
      const others = mine.filter((id) => !isLeader(id));
      const guard = mine.some(isLeader) ? 2 : 0; // and keep a guard with them
      // Most units first, then fewer, until the engine accepts the line.
      for (let k = Math.min(c.fleet.capacity.units, others.length - guard); k >= 1 && !added; k--) {
        added = tryAdd(`FLEET ${canoe} ${at} - ${dest} WITH ${others.slice(0, k).join(', ')}`);
      }
      if (added) break;
    }
    if (!added) break;
  }
  c = choices();
  const walkers = c.landMoves.filter((m) => !state.scenario.units.find((u) => u.id === m.unit)?.leader);
  const land = walkers[n % Math.max(1, walkers.length)];
  if (land && n % 3 === 0) tryAdd(`MOVE ${land.unit} ${land.from} - ${land.to[0]}`);
  return lines;
}
