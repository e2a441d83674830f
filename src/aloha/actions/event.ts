// Event (the chapters): a face-up Event card, for an Action token on an island where it is active;
// a calamity "played" on the island it impacts makes every other player there pay.
import { drawEvents, pay, payText, receive, spendToken } from '../resources.ts';
import { cardById, type AlohaState } from '../state.ts';
import type { Island } from '../data.ts';
import { sameAction, type AlohaKind, type EventAction } from './types.ts';

function eventProblem(s: AlohaState, n: number, island?: Island): string {
  const id = s.faceUp[n - 1];
  if (!id) return `there is no face-up Event card ${n} (there are ${s.faceUp.length})`;
  const c = cardById(s, id);
  if (c.calamity === 'played') return `playing ${c.title} needs an Action token on ${c.impacts}, the island it impacts`;
  if (island && !c.active.includes(island)) return `${c.title} is active on ${c.active.join(', ')}, not on ${island}`;
  return `${c.title} needs an Action token on an island where it is active (${c.active.join(', ')})`;
}

export const event: AlohaKind<EventAction> = {
  kind: 'event',
  problem(s, role, a) {
    const legal = event.options(s, role);
    // Without an island: the first island where the card is active and the player has an Action token.
    if (!a.island) return legal.some((x) => x.card === a.card) ? null : eventProblem(s, a.card);
    return legal.some((x) => sameAction(x, a)) ? null : eventProblem(s, a.card, a.island);
  },
  apply(s, role, a, lines) {
    const id = s.faceUp[a.card - 1]!;
    const c = cardById(s, id);
    if (c.calamity === 'played') {
      spendToken(s, role, c.impacts);
      lines.push(`${role} plays the calamity ${c.title} on ${c.impacts}: ${c.text}`);
      for (const r of s.roles)
        if (r !== role && s.board[c.impacts][r]! > 0)
          lines.push(`  ${r} ${payText(pay(s, r, c.pay ?? {}, c.impacts))}.`);
    } else {
      const island = a.island ?? c.active.find((i) => s.actionTokens[i][role]! > 0)!;
      spendToken(s, role, island);
      const got = receive(s, role, c.receive, c.impacts);
      const paid = pay(s, role, c.pay ?? {}, c.impacts);
      lines.push(
        `${role} selects ${c.title} (${c.year ?? ''}${c.year ? ', ' : ''}Action token from ${island}): receives ${got || 'nothing'}; ${payText(paid)}.`,
      );
    }
    s.faceUp.splice(a.card - 1, 1);
    s.discard.push(id);
    drawEvents(s, lines);
  },
  options(s, role) {
    if (s.stage === 'prologue') return [];
    const out: EventAction[] = [];
    const tok = s.actionTokens;
    s.faceUp.forEach((id, n) => {
      const c = cardById(s, id);
      if (c.calamity === 'played') {
        if (tok[c.impacts][role]! > 0) out.push({ kind: 'event', card: n + 1, island: c.impacts });
      } else for (const i of c.active) if (tok[i][role]! > 0) out.push({ kind: 'event', card: n + 1, island: i });
    });
    return out;
  },
  describe(s, a) {
    const id = s.faceUp[a.card - 1];
    const c = id ? cardById(s, id) : null;
    return `event ${a.card}${a.island ? ` ${a.island}` : ''}${c ? ` (${c.title})` : ''}`;
  },
};
