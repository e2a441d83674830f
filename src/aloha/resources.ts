// What the actions and calamities move: Action tokens spent, resources received up to the tracks'
// limits and paid (or "ignored"), the Event cards turned up.
import { ISLANDS, type Amounts, type Island, type Resource } from './data.ts';
import { cardById, dataOf, onBoard, RESOURCE_NAMES, type AlohaState } from './state.ts';

/** Remove one of `role`'s Action tokens: from `island` when it has one, else as the Prologue allows. */
export function spendToken(s: AlohaState, role: string, island?: Island): Island {
  const t = s.actionTokens;
  const at =
    (island && t[island][role]! > 0 ? island : undefined) ??
    ISLANDS.find((i) => t[i][role]! > 0 && s.board[i][role]! > 0) ??
    ISLANDS.find((i) => t[i][role]! > 0)!;
  t[at][role]! -= 1;
  return at;
}

/** What taking an island's resource gives now. */
export function islandGain(s: AlohaState, island: Island): Amounts {
  const d = dataOf(s);
  return island === 'Hawaii' && s.stage === 'chapter3' ? d.chapter3HawaiiResource : (d.islandResource[island] ?? {});
}

export function receive(s: AlohaState, role: string, amounts: Amounts, island: Island): string {
  const p = s.players[role]!;
  const caps = dataOf(s).tracks;
  const got: string[] = [];
  for (const [k, v] of Object.entries(amounts) as [Resource, number][]) {
    if (!v) continue;
    if (k === 'ph') {
      const n = Math.min(v, p.pool, Math.max(0, caps.ph - onBoard(s, role)));
      if (!n) continue;
      p.pool -= n;
      s.board[island][role]! += n;
      got.push(`${n} Pure Hawaiian on ${island}`);
    } else {
      const n = Math.min(v, Math.max(0, caps[k] - p[k]));
      if (!n) continue;
      p[k] += n;
      got.push(`${n} ${RESOURCE_NAMES[k]}`);
    }
  }
  return got.join(', ');
}

/** Pay what a card asks; an item the player cannot pay in full is ignored for that player (the rulebook's "ignored"). */
export function pay(
  s: AlohaState,
  role: string,
  amounts: Amounts,
  island: Island,
): { paid: string[]; ignored: string[] } {
  const p = s.players[role]!;
  const paid: string[] = [];
  const ignored: string[] = [];
  for (const [k, v] of Object.entries(amounts) as [Resource, number][]) {
    if (!v) continue;
    if (k === 'ph') {
      if (s.board[island][role]! >= v) {
        s.board[island][role]! -= v;
        p.pool += v;
        paid.push(`${v} Pure Hawaiian from ${island}`);
      } else ignored.push(`${v} Pure Hawaiian`);
    } else if (p[k] >= v) {
      p[k] -= v;
      paid.push(`${v} ${RESOURCE_NAMES[k]}`);
    } else ignored.push(`${v} ${RESOURCE_NAMES[k]}`);
  }
  return { paid, ignored };
}

export const payText = (r: { paid: string[]; ignored: string[] }) =>
  [
    r.paid.length ? `pays ${r.paid.join(', ')}` : '',
    r.ignored.length ? `cannot pay ${r.ignored.join(', ')} (ignored)` : '',
  ]
    .filter(Boolean)
    .join('; ') || 'pays nothing';

/** Fill the face-up row to four; a calamity with an inner red border is executed on all present as it turns up. */
export function drawEvents(s: AlohaState, lines: string[]): void {
  while (s.faceUp.length < 4 && s.deck.length) {
    const id = s.deck.shift()!;
    const c = cardById(s, id);
    if (c.calamity === 'immediate') {
      lines.push(`Calamity: ${c.title} on ${c.impacts}. ${c.text}`);
      const present = s.roles.filter((r) => s.board[c.impacts][r]! > 0);
      for (const r of present) lines.push(`  ${r} ${payText(pay(s, r, c.pay ?? {}, c.impacts))}.`);
      if (!present.length) lines.push('  Nobody is there.');
      s.discard.push(id);
      continue;
    }
    s.faceUp.push(id);
    lines.push(`Event card turned up: ${c.title}.`);
  }
}
