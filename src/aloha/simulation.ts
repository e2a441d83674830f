// Random legal games of Aloha through the GameModule, checking every invariant after every
// phase: Pure Hawaiian tokens conserved, no track below zero or past its limit, Action tokens
// never negative, every offered action read back as itself and accepted, scores equal to the
// Scoring Chart, queued actions played only behind their own player's decision (a waiting
// player's dropped, and that player told), the game always ends; and replaying the recorded
// submissions from the seed gives the same game.
import { createHash } from 'node:crypto';
import { ISLANDS } from './data.ts';
import { dataOf, onBoard, royalCard, type AlohaReport, type AlohaState, type AlohaSubmission } from './engine.ts';
import type { GameModule } from '../contract/types.ts';
import { randomInt, seedRandom, type RandomState } from '../contract/random.ts';

export interface AlohaSimResult {
  games: number;
  byPlayers: Record<number, number>;
  wins: Record<string, number>;
  ties: number;
  decisions: number;
  problems: string[];
  hash: string;
  seconds: number;
  /** Queued actions played, queues dropped, queued actions no longer legal when their turn came. */
  queues: { played: number; dropped: number; notApplied: number };
}

function check(s: AlohaState, where: string, problems: string[]): void {
  const d = dataOf(s);
  for (const r of s.roles) {
    const p = s.players[r]!;
    if (onBoard(s, r) + p.pool !== d.pureHawaiianTokens)
      problems.push(
        `${where}: ${r} has ${onBoard(s, r)} on the board and ${p.pool} in the pool, not ${d.pureHawaiianTokens}`,
      );
    for (const k of ['aloha', 'commerce', 'warriors', 'homeRule'] as const)
      if (p[k] < 0 || p[k] > d.tracks[k]) problems.push(`${where}: ${r}'s ${k} is ${p[k]}`);
    for (const i of ISLANDS) {
      if (s.board[i][r]! < 0) problems.push(`${where}: ${r} has ${s.board[i][r]} tokens on ${i}`);
      if (s.actionTokens[i][r]! < 0) problems.push(`${where}: ${r} has ${s.actionTokens[i][r]} Action tokens on ${i}`);
    }
    const logged = s.scoreLog.filter((x) => x.role === r).reduce((n, x) => n + x.points, 0);
    if (logged !== p.score) problems.push(`${where}: ${r} scores ${p.score} but the log says ${logged}`);
  }
  // Card scores follow the chart: monarch and island cards of a stage.
  for (const e of s.scoreLog.filter((x) => x.why.endsWith(' cards'))) {
    const stage = e.why.split(' ')[0]!;
    const cards = s.players[e.role]!.cards.map((id) => royalCard(s, id)).filter((c) => c?.stage === stage);
    const want = cards.reduce(
      (n, c) =>
        n + (c!.kind === 'monarch' ? d.scoring.stage.monarch : c!.kind === 'island' ? d.scoring.stage.island : 0),
      0,
    );
    if (want !== e.points)
      problems.push(`${where}: ${e.role} scored ${e.points} for ${stage} cards, the chart says ${want}`);
  }
}

export function playOne(
  module: GameModule<AlohaState>,
  seed: string,
  scenario: string,
  rng: RandomState,
  problems: string[],
  counts: AlohaSimResult['queues'] = { played: 0, dropped: 0, notApplied: 0 },
): { state: AlohaState; log: Record<string, string[]>[]; decisions: number } {
  let s = module.setup(seed, scenario);
  const log: Record<string, string[]>[] = [];
  for (let n = 0; !module.outcome(s); n++) {
    if (n > 2000) {
      problems.push(`${seed}: no end after 2000 phases`);
      break;
    }
    const [role] = module.expectedRoles(s);
    if (!role) {
      problems.push(`${seed}: nobody to decide but no outcome`);
      break;
    }
    const opts = module.options!(s, role) as { decision: string; actions: { text: string }[] };
    let lines: string[];
    if (opts.decision === 'convert') {
      const p = s.players[role]!;
      lines = [];
      const n1 = randomInt(rng, 3);
      const island = ISLANDS.find((i) => s.board[i][role]! >= n1);
      if (n1 && island) lines.push(`convert ${n1} ph ${randomInt(rng, 2) ? 'aloha' : 'commerce'} ${island}`);
      const n2 = Math.min(p.aloha, randomInt(rng, 4));
      if (n2) lines.push(`convert ${n2} aloha homerule`);
      if (!lines.length) lines = ['pass'];
    } else {
      if (!opts.actions.length) {
        problems.push(`${seed}: ${role} has no legal action`);
        break;
      }
      const pick = () => opts.actions[randomInt(rng, opts.actions.length)]!.text;
      lines = [pick()];
      // Now and then the next actions queued behind it: legal now, maybe not by then.
      if (randomInt(rng, 4) === 0) for (let k = randomInt(rng, 3) + 1; k > 0; k--) lines.push(pick());
    }
    const read = module.readSubmission(s, role, lines);
    const bad = read.lines.filter((l) => !l.ok);
    if (bad.length)
      problems.push(
        `${seed} #${n}: an offered action was refused: ${bad.map((l) => `${l.text}: ${l.error}`).join('; ')}`,
      );
    if (opts.decision !== 'convert' && read.lines[0]?.reading !== lines[0])
      problems.push(`${seed} #${n}: "${lines[0]}" was read as "${read.lines[0]?.reading}"`);
    const submission: Record<string, string[]> = { [role]: lines };
    const accepted: Record<string, unknown> = { [role]: read.accepted };
    // Someone else's lines are only ever queued, never an action now; now and then one queues.
    const other = s.roles.find((r) => r !== role)!;
    const theirs = module.readSubmission(s, other, lines).accepted as AlohaSubmission | null;
    if (theirs?.kind !== 'queue' || theirs.now !== null)
      problems.push(`${seed} #${n}: ${other} could act in ${role}'s turn`);
    if (randomInt(rng, 8) === 0) {
      submission[other] = lines;
      accepted[other] = theirs;
    }
    log.push(submission);
    const before = s;
    const out = module.resolve(s, accepted);
    s = out.state;
    checkQueues(before, s, out.report as AlohaReport, role, submission, `${seed} #${n}`, problems, counts);
    check(s, `${seed} #${n}`, problems);
  }
  return { state: s, log, decisions: s.seq };
}

/**
 * Queued actions: only the deciding player's are ever played, right after its own decision; a
 * waiting player's queue is dropped when the other player acts, and that player is told.
 */
function checkQueues(
  before: AlohaState,
  after: AlohaState,
  report: AlohaReport,
  role: string,
  submission: Record<string, string[]>,
  where: string,
  problems: string[],
  counts: AlohaSimResult['queues'],
): void {
  const played = report.lines.filter((l) => l.includes(' plays an action queued in advance: '));
  const told = Object.values(report.private ?? {}).flat();
  counts.played += played.length;
  counts.dropped += told.filter((l) => / dropped: /.test(l)).length;
  counts.notApplied += told.filter((l) => / was not applied: /.test(l)).length;
  for (const l of played)
    if (!l.startsWith(`${role} `))
      problems.push(`${where}: ${l.split(' ')[0]} played a queued action though ${role} decided first`);
  if (after.seq - before.seq !== 1 + played.length)
    problems.push(`${where}: ${after.seq - before.seq} decisions for 1 + ${played.length} queued`);
  for (const other of Object.keys(submission)) {
    if (other === role) continue;
    if (after.queued?.[other]) problems.push(`${where}: ${other}'s queue outlived ${role}'s action`);
    if (!(report.private?.[other] ?? []).some((l) => / dropped: /.test(l)))
      problems.push(`${where}: ${other} was not told the queue was dropped`);
  }
}

export function simulateAloha(module: GameModule<AlohaState>, opts: { games: number; seed: string }): AlohaSimResult {
  const t0 = performance.now();
  const problems: string[] = [];
  const wins: Record<string, number> = {};
  const byPlayers: Record<number, number> = {};
  let ties = 0,
    decisions = 0;
  const queues = { played: 0, dropped: 0, notApplied: 0 };
  const hash = createHash('sha256');
  const scenarios = ['two', 'three', 'four'];
  for (let g = 0; g < opts.games; g++) {
    const scenario = scenarios[g % 3]!;
    const seed = `${opts.seed}-${g}`;
    const rng = seedRandom(seed, 'players');
    const { state, log, decisions: made } = playOne(module, seed, scenario, rng, problems, queues);
    decisions += made;
    byPlayers[state.roles.length] = (byPlayers[state.roles.length] ?? 0) + 1;
    const out = module.outcome(state);
    if (out?.kind === 'victory') wins[out.winners[0]!] = (wins[out.winners[0]!] ?? 0) + 1;
    else if (out) ties++;
    // Replay from the seed and the recorded actions: the same game.
    if (g % 10 === 0) {
      let r = module.setup(seed, scenario);
      for (const sub of log)
        r = module.resolve(
          r,
          Object.fromEntries(
            Object.entries(sub).map(([role, lines]) => [role, module.readSubmission(r, role, lines).accepted]),
          ),
        ).state;
      if (JSON.stringify(r) !== JSON.stringify(state)) problems.push(`${seed}: replay from seed and log differs`);
    }
    hash.update(JSON.stringify(state));
  }
  return {
    games: opts.games,
    byPlayers,
    wins,
    ties,
    decisions,
    problems,
    queues,
    hash: hash.digest('hex').slice(0, 16),
    seconds: (performance.now() - t0) / 1000,
  };
}
