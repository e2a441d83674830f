// The steps that play themselves between decisions: the Prologue's end, the Conflicts (dice for
// the monarch, Royal Family cards by most tokens), scoring, the Action distribution and turn
// order of each chapter, and the Epilogue's election and final scoring.
import { d6, drawsSince, drawsText, nextDraw, shuffle } from '../contract/random.ts';
import { ISLANDS, type Island } from './data.ts';
import { drawEvents } from './resources.ts';
import {
  chapterNo,
  dataOf,
  onBoard,
  RESOURCE_NAMES,
  royalCard,
  STAGE_NAMES,
  tokensOf,
  type AlohaState,
  type Stage,
} from './state.ts';

/** Play every automatic step up to the next decision. */
export function advance(s: AlohaState, lines: string[]): void {
  for (let guard = 0; guard < 100; guard++) {
    if (s.stage === 'over') {
      s.decision = null;
      s.queue = [];
      return;
    }
    if (s.decision === 'settle' || s.decision === 'king' || s.decision === 'convert') {
      if (s.queue.length) return;
      if (s.decision === 'settle') {
        s.decision = 'action';
        s.queue = [...s.roles, ...s.roles];
        lines.push('Prologue: two rounds of Actions in turn order.');
        continue;
      }
      if (s.decision === 'king') {
        distribute(s, lines);
        continue;
      }
      if (s.decision === 'convert') {
        epilogueEnd(s, lines);
        continue;
      }
    }
    if (s.decision === 'action') {
      if (s.stage === 'prologue') {
        // Each player executes 2 Actions in turn order; the queue holds the remaining turns.
        if (s.queue.length) return;
        conflict(s, 'prologue', lines);
        stageScoring(s, 'prologue', lines);
        startChapter(s, 'chapter1', lines);
        continue;
      }
      // Chapters: the next player in the turn order who still has an Action token.
      const next = nextInOrder(s);
      if (next) {
        s.queue = [next];
        return;
      }
      s.queue = [];
      const ch = chapterNo(s.stage);
      for (const id of s.faceUp) s.discard.push(id);
      s.faceUp = [];
      if (ch === 1) {
        conflict(s, 'chapter1', lines);
        stageScoring(s, 'chapter1', lines);
        startChapter(s, 'chapter2', lines);
      } else if (ch === 2) {
        conflict(s, 'chapter2', lines);
        stageScoring(s, 'chapter2', lines);
        startChapter(s, 'chapter3', lines);
      } else {
        chapter3Scoring(s, lines);
        startEpilogue(s, lines);
      }
      continue;
    }
    return;
  }
  throw new Error('Aloha: the automatic steps did not settle');
}

function nextInOrder(s: AlohaState): string | null {
  const n = s.order.length;
  for (let k = 1; k <= n; k++) {
    const r = s.order[(s.cursor + k) % n]!;
    if (tokensOf(s, r) > 0) {
      s.cursor = (s.cursor + k) % n;
      return r;
    }
  }
  return null;
}

function startChapter(s: AlohaState, stage: Stage, lines: string[]): void {
  s.stage = stage;
  lines.push(`${STAGE_NAMES[stage]} begins.`);
  const ch = chapterNo(stage);
  const from = nextDraw(s.rng);
  s.deck = shuffle(
    s.rng,
    dataOf(s)
      .events.filter((e) => e.chapter === ch)
      .map((e) => e.id),
  );
  const draws = drawsSince(s.rng, from);
  if (draws) lines.push(`The event cards are shuffled (${drawsText(draws)}).`);
  s.discard = [];
  s.faceUp = [];
  for (const i of ISLANDS) for (const r of s.roles) s.actionTokens[i][r] = 0;
  if (s.king && ISLANDS.some((i) => s.board[i][s.king!]! > 0)) {
    s.decision = 'king';
    s.queue = [s.king];
  } else {
    s.decision = 'king';
    s.queue = [];
  }
}

/** Who holds a Royal Family card for the island ("The player with a Royal Family card for an island receives 2
 * Actions"): the latest such card held; a newer stage's card that went to nobody (a tie) leaves the earlier holder's. */
function islandCardHolder(s: AlohaState, island: Island): string | null {
  const stages = ['chapter2', 'chapter1', 'prologue'];
  for (const st of stages) {
    const card = dataOf(s).royalCards.find((c) => c.stage === st && c.kind === 'island' && c.island === island);
    if (!card) continue;
    const holder = s.roles.find((r) => s.players[r]!.cards.includes(card.id));
    if (holder) return holder;
  }
  return null;
}

/** Action distribution, the turn order, the four face-up Event cards. */
function distribute(s: AlohaState, lines: string[]): void {
  for (const i of ISLANDS) {
    const holder = islandCardHolder(s, i);
    for (const r of s.roles) {
      if (r === holder) s.actionTokens[i][r]! += 2;
      else if (s.board[i][r]! > 0) s.actionTokens[i][r]! += 1;
    }
  }
  const count = (r: string) => tokensOf(s, r);
  const clockFrom = (r: string) =>
    (s.roles.indexOf(r) - s.roles.indexOf(s.firstLast ?? s.roles[0]!) + s.roles.length) % s.roles.length;
  s.order = [...s.roles].sort(
    (a, b) => count(b) - count(a) || s.players[b]!.score - s.players[a]!.score || clockFrom(a) - clockFrom(b),
  );
  s.firstLast = s.order[0]!;
  s.cursor = -1;
  lines.push(
    `Actions: ${s.order
      .map(
        (r) =>
          `${r} ${count(r)} (${
            ISLANDS.filter((i) => s.actionTokens[i][r]! > 0)
              .map((i) => `${i} ${s.actionTokens[i][r]}`)
              .join(', ') || 'none'
          })`,
      )
      .join('; ')}.`,
  );
  lines.push(`Turn order: ${s.order.join(', ')}.`);
  drawEvents(s, lines);
  s.decision = 'action';
  s.queue = [];
}

const MONARCH_EVENT: Record<string, string> = {
  prologue: "The Battle of Kuamo'o",
  chapter1: 'The Paulet Affair',
  chapter2: "The Abdication of Queen Lili'uokalani",
};

/** The Battle of Kuamo'o and the two Conflicts: dice for the monarch, then the island cards by most tokens. */
function conflict(s: AlohaState, stage: 'prologue' | 'chapter1' | 'chapter2', lines: string[]): void {
  const d = dataOf(s);
  lines.push(`${MONARCH_EVENT[stage]}:`);
  const most = Math.max(...s.roles.map((r) => s.players[r]!.warriors));
  const tied = s.roles.filter((r) => s.players[r]!.warriors === most);
  // One most: +1 die; two tied for most: both +1; more than two: nobody.
  const dice = (r: string) => 2 + (tied.length <= 2 && tied.includes(r) ? 1 : 0);
  let contenders = [...s.roles];
  let winner: string | null = null;
  for (let round = 1; !winner; round++) {
    const from = nextDraw(s.rng);
    const rolls = contenders.map((r) => {
      const ds = Array.from({ length: dice(r) }, () => d6(s.rng));
      return { r, ds, total: ds.reduce((a, b) => a + b, 0) };
    });
    const draws = drawsSince(s.rng, from);
    lines.push(
      `  ${round > 1 ? 'Re-roll: ' : ''}${rolls.map((x) => `${x.r} ${x.ds.join('+')} = ${x.total}`).join('; ')}${draws ? ` (${drawsText(draws)})` : ''}`,
    );
    const top = Math.max(...rolls.map((x) => x.total));
    const best = rolls.filter((x) => x.total === top).map((x) => x.r);
    if (best.length === 1) winner = best[0]!;
    else contenders = best;
  }
  const monarch = d.royalCards.find((c) => c.stage === stage && c.kind === 'monarch')!;
  s.king = winner;
  s.players[winner]!.cards.push(monarch.id);
  lines.push(`  ${winner} wins: the ${stage === 'chapter2' ? 'Queen' : 'King'} token and ${monarch.name}.`);
  for (const i of ISLANDS) {
    const card = d.royalCards.find((c) => c.stage === stage && c.kind === 'island' && c.island === i)!;
    const top = Math.max(...s.roles.map((r) => s.board[i][r]!));
    const leaders = s.roles.filter((r) => s.board[i][r] === top);
    if (top > 0 && leaders.length === 1) {
      s.players[leaders[0]!]!.cards.push(card.id);
      lines.push(`  ${i}: ${leaders[0]} (${top} tokens) takes ${card.name}.`);
    } else lines.push(`  ${i}: ${top > 0 ? `tied at ${top}` : 'nobody there'}; nobody takes ${card.name}.`);
  }
}

function addScore(s: AlohaState, role: string, n: number, why: string): void {
  const p = s.players[role]!;
  const after = Math.min(dataOf(s).tracks.score, p.score + n);
  if (after !== p.score) s.scoreLog.push({ role, points: after - p.score, why });
  p.score = after;
}

function stageScoring(s: AlohaState, stage: 'prologue' | 'chapter1' | 'chapter2', lines: string[]): void {
  const chart = dataOf(s).scoring.stage;
  const parts: string[] = [];
  for (const r of s.roles) {
    let n = 0;
    for (const id of s.players[r]!.cards) {
      const c = royalCard(s, id);
      if (c.stage !== stage) continue;
      n += c.kind === 'monarch' ? chart.monarch : c.kind === 'island' ? chart.island : 0;
    }
    addScore(s, r, n, `${stage} cards`);
    parts.push(`${r} +${n} (${s.players[r]!.score})`);
  }
  lines.push(`Scoring, ${STAGE_NAMES[stage]}: ${parts.join('; ')}.`);
}

function chapter3Scoring(s: AlohaState, lines: string[]): void {
  const parts: string[] = [];
  for (const rule of dataOf(s).scoring.chapter3) {
    const val = (r: string) => (rule.resource === 'ph' ? onBoard(s, r) : s.players[r]![rule.resource]);
    const values = [...new Set(s.roles.map(val))].filter((v) => v > 0).sort((a, b) => b - a);
    const firsts = values[0] === undefined ? [] : s.roles.filter((r) => val(r) === values[0]);
    // Tied for first: all score first; second place only when one player was first.
    const seconds = firsts.length === 1 && values[1] !== undefined ? s.roles.filter((r) => val(r) === values[1]) : [];
    for (const r of firsts) addScore(s, r, rule.first, `chapter3 most ${rule.resource}`);
    for (const r of seconds) addScore(s, r, rule.second, `chapter3 second ${rule.resource}`);
    parts.push(
      `most ${RESOURCE_NAMES[rule.resource]}: ${firsts.join(', ') || 'nobody'} +${rule.first}${seconds.length ? `, then ${seconds.join(', ')} +${rule.second}` : ''}`,
    );
  }
  lines.push(
    `Scoring, Chapter III: ${parts.join('; ')}. Scores: ${s.roles.map((r) => `${r} ${s.players[r]!.score}`).join(', ')}.`,
  );
}

/** High to low victory points; ties by the Governor's tie breakers, then clockwise order. */
function byStanding(s: AlohaState): string[] {
  return [...s.roles].sort(
    (a, b) =>
      s.players[b]!.score - s.players[a]!.score || compareTieBreak(s, a, b) || s.roles.indexOf(a) - s.roles.indexOf(b),
  );
}

/** Total Pure Hawaiian tokens, then Aloha, then Commerce: the rulebook's tie breakers (negative: a first). */
function compareTieBreak(s: AlohaState, a: string, b: string): number {
  return (
    onBoard(s, b) - onBoard(s, a) ||
    s.players[b]!.aloha - s.players[a]!.aloha ||
    s.players[b]!.commerce - s.players[a]!.commerce
  );
}

function startEpilogue(s: AlohaState, lines: string[]): void {
  s.stage = 'epilogue';
  for (const i of ISLANDS) for (const r of s.roles) s.actionTokens[i][r] = 0;
  s.decision = 'convert';
  s.queue = byStanding(s);
  lines.push(`Epilogue begins. Conversions in victory-point order: ${s.queue.join(', ')}.`);
}

function epilogueEnd(s: AlohaState, lines: string[]): void {
  const d = dataOf(s);
  lines.push('Island Representatives:');
  for (const i of ISLANDS) {
    const card = d.royalCards.find((c) => c.stage === 'epilogue' && c.kind === 'island' && c.island === i)!;
    const top = Math.max(...s.roles.map((r) => s.board[i][r]!));
    const leaders = s.roles.filter((r) => s.board[i][r] === top);
    if (top > 0 && leaders.length === 1) {
      s.players[leaders[0]!]!.cards.push(card.id);
      lines.push(`  ${i}: ${leaders[0]} (${top} tokens).`);
    } else lines.push(`  ${i}: ${top > 0 ? `tied at ${top}` : 'nobody there'}; no one gains influence.`);
  }
  const votes = (r: string) =>
    s.players[r]!.homeRule + s.players[r]!.cards.reduce((n, id) => n + (royalCard(s, id)?.votes ?? 0), 0);
  lines.push(`Votes for Governor: ${s.roles.map((r) => `${r} ${votes(r)}`).join(', ')}.`);
  const ranked = [...s.roles].sort((a, b) => votes(b) - votes(a) || compareTieBreak(s, a, b));
  const [g1, g2] = ranked;
  const governor = g2 && votes(g1!) === votes(g2) && compareTieBreak(s, g1!, g2) === 0 ? null : g1!;
  const chart = d.scoring.epilogue;
  if (governor) {
    s.players[governor]!.cards.push('governor');
    addScore(s, governor, chart.governor, 'governor');
    lines.push(`${governor} controls the elected Governor: +${chart.governor}.`);
  } else lines.push('Still tied: an independent is elected Governor; the Governor card goes to no one.');
  for (const r of s.roles) {
    const reps = s.players[r]!.cards.filter(
      (id) => royalCard(s, id)?.stage === 'epilogue' && royalCard(s, id)?.kind === 'island',
    ).length;
    const p = s.players[r]!;
    const ph = Math.floor(onBoard(s, r) / chart.perPoint.ph);
    const al = Math.floor(p.aloha / chart.perPoint.aloha);
    const co = Math.floor(p.commerce / chart.perPoint.commerce);
    addScore(s, r, reps * chart.representative, 'representatives');
    addScore(s, r, ph, 'pure hawaiian');
    addScore(s, r, al, 'aloha');
    addScore(s, r, co, 'commerce');
    lines.push(
      `  ${r}: representatives +${reps * chart.representative}, Pure Hawaiian +${ph}, Aloha +${al}, Commerce +${co}: ${p.score} points.`,
    );
  }
  const standing = byStanding(s);
  const best = standing.filter(
    (r) => s.players[r]!.score === s.players[standing[0]!]!.score && compareTieBreak(s, r, standing[0]!) === 0,
  );
  s.result =
    best.length === 1
      ? { kind: 'victory', winners: best, text: `${best[0]} wins with ${s.players[best[0]!]!.score} points` }
      : { kind: 'tie', winners: best, text: `${best.join(' and ')} tie with ${s.players[best[0]!]!.score} points` };
  lines.push(`Final: ${standing.map((r) => `${r} ${s.players[r]!.score}`).join(', ')}. ${s.result.text}.`);
  s.stage = 'over';
  s.decision = null;
  s.queue = [];
}
