// Random legal games of Maori Wars through the GameModule, checking after every phase: stacking
// within limits after Movement and Combat, British units out of supply Disrupted at their
// Attrition, every offered action read back and accepted, no illegal line accepted, the game
// always ends; and replaying the recorded submissions from the seed gives the same game.
import { createHash } from 'node:crypto';
import type { GameModule } from '../contract/types.ts';
import { randomInt, seedRandom, type RandomState } from '../contract/random.ts';
import { isHex, stackCount, stackLimit, SIDES, type MWState } from './state.ts';

export interface MWSimResult {
  games: number;
  wins: Record<string, number>;
  draws: number;
  decisions: number;
  problems: string[];
  hash: string;
  seconds: number;
}

function checkStacking(s: MWState, where: string, problems: string[]): void {
  for (const side of SIDES) {
    for (const h of new Set(s.units.filter((u) => u.owner === side && isHex(u.at)).map((u) => u.at))) {
      if (stackCount(s, side, h) > stackLimit(s, side, h))
        problems.push(`${where}: ${side} over-stacked at ${h} (${stackCount(s, side, h)} > ${stackLimit(s, side, h)})`);
    }
  }
  for (const u of s.units)
    if (
      isHex(u.at) &&
      s.units.some(
        (v) =>
          v.at === u.at &&
          v.owner !== u.owner &&
          v.owner !== 'Neutral' &&
          u.owner !== 'Neutral' &&
          v.kind !== 'leader' &&
          u.kind !== 'leader' &&
          u.kind !== 'gunboat' &&
          v.kind !== 'gunboat',
      )
    )
      problems.push(`${where}: enemies share ${u.at}`);
}

export function playOne(
  module: GameModule<MWState>,
  seed: string,
  data: unknown,
  rng: RandomState,
  problems: string[],
): { state: MWState; log: Record<string, string[]>[]; decisions: number } {
  let s = module.setup(seed, 'hone-hekes-challenge', { data });
  const log: Record<string, string[]>[] = [];
  let n = 0;
  for (; !module.outcome(s); n++) {
    if (n > 3000) {
      problems.push(`${seed}: no end after 3000 phases`);
      break;
    }
    const [role] = module.expectedRoles(s);
    if (!role) {
      problems.push(`${seed}: nobody to decide but no outcome`);
      break;
    }
    const opts = module.options!(s, role) as { actions: { text: string }[] };
    const lines: string[] = [];
    // A few actions, each from the options of the position it is played in (read in order).
    for (let k = 0, m = 1 + randomInt(rng, 4); k < m; k++) {
      const r = module.readSubmission(s, role, lines);
      const pick = opts.actions[randomInt(rng, opts.actions.length)]!.text;
      if (pick === 'PASS') break;
      const again = module.readSubmission(s, role, [...lines, pick]);
      if (!again.lines[again.lines.length - 1]!.ok) {
        if (r.lines.every((l) => l.ok) && k === 0)
          problems.push(`${seed}: offered "${pick}" not accepted: ${again.lines[again.lines.length - 1]!.error}`);
        break;
      }
      lines.push(pick);
    }
    // The fixed lines, and those offered (RETREAT/OVERSTACK TOWARD the player's Structures among them).
    const offered = (module.options!(s, role) as { standing: { text: string }[] }).standing.map((x) => x.text);
    const standing = [
      'STANDING EVADE NEVER',
      'STANDING EVADE STAY 1',
      'STANDING EVADE SPREAD ALWAYS',
      'STANDING EVADE STAY DEFAULT',
      'STANDING EVADE ALWAYS',
      'STANDING COUNTER NEVER',
      'STANDING ABSORB NEVER',
      'STANDING LOSSES INFANTRY, WARRIORS',
      'STANDING FORT LEAVE',
      'STANDING BOMBARD NEVER',
      'STANDING LOSSES DEFAULT',
      'STANDING REINFORCE MILITIA, QUEENITE',
      'STANDING ARRIVE Auckland',
      'STANDING EXTRA ALWAYS',
      'STANDING EXTRA NEVER',
      'STANDING TARGETS Auckland',
      'STANDING PARLEY NEVER',
      'STANDING OVERSTACK INFANTRY, MILITIA',
      'STANDING ATTRITION Kororareka, Auckland',
      'STANDING PARLEY AT Kororareka',
      'STANDING EXTRA FROM Auckland, Kororareka',
      'STANDING REPLY Auckland',
      'STANDING EXTRA CHARGE ALWAYS',
      'STANDING COUNTER AT Auckland, 0905',
      ...offered,
    ];
    if (randomInt(rng, 10) === 0) lines.push(standing[randomInt(rng, standing.length)]!);
    // A line that must never be accepted: a move into the sea by a land unit.
    const bad = module.readSubmission(s, role, ['MOVE warrior 0101 TO 0102']);
    if (bad.lines[0]!.ok) problems.push(`${seed}: an illegal line was accepted`);
    const sub = module.readSubmission(s, role, lines);
    const phase = s.phase;
    log.push({ [role]: lines });
    const out = module.resolve(s, { [role]: sub.accepted });
    s = out.state;
    // Every BD chit effect is played: none may fall back to "kahu does not implement".
    const said = (out.report as { lines?: string[] }).lines ?? [];
    if (said.some((l) => /does not implement/.test(l)))
      problems.push(`${seed}: ${said.find((l) => /does not implement/.test(l))}`);
    if (phase === 'movement' || phase === 'combat') checkStacking(s, `${seed} after ${phase}`, problems);
  }
  return { state: s, log, decisions: n };
}

export function replay(
  module: GameModule<MWState>,
  seed: string,
  data: unknown,
  log: Record<string, string[]>[],
): MWState {
  let s = module.setup(seed, 'hone-hekes-challenge', { data });
  for (const entry of log) {
    const subs: Record<string, unknown> = {};
    for (const [role, lines] of Object.entries(entry)) subs[role] = module.readSubmission(s, role, lines).accepted;
    s = module.resolve(s, subs).state;
  }
  return s;
}

export function simulateMaoriWars(
  module: GameModule<MWState>,
  data: unknown,
  opts: { games: number; seed: string },
): MWSimResult {
  const t0 = process.hrtime.bigint();
  const problems: string[] = [];
  const wins: Record<string, number> = {};
  let draws = 0,
    decisions = 0;
  const hash = createHash('sha256');
  const rng = seedRandom(opts.seed, 'simulate-maori-wars');
  for (let g = 0; g < opts.games; g++) {
    const seed = `${opts.seed}-${g}`;
    const { state, log, decisions: d } = playOne(module, seed, data, rng, problems);
    decisions += d;
    const out = module.outcome(state);
    if (out?.kind === 'draw') draws++;
    for (const w of out?.winners ?? []) wins[w] = (wins[w] ?? 0) + 1;
    if (g % 10 === 0) {
      const again = replay(module, seed, data, log);
      if (JSON.stringify(again) !== JSON.stringify(state)) problems.push(`${seed}: replay gives a different game`);
    }
    hash.update(JSON.stringify({ ...state, data: undefined }));
  }
  return {
    games: opts.games,
    wins,
    draws,
    decisions,
    problems,
    hash: hash.digest('hex').slice(0, 16),
    seconds: Number(process.hrtime.bigint() - t0) / 1e9,
  };
}
