// A submission read and checked against the board: each line as its writer means it (a leading
// power name is the writer's own), illegal orders refused now, what the Haole cannot see judged
// for any unit that could stand there.
import { MODERATOR_DECISION, type ReadLine, type ReadResult } from '../../contract/types.ts';
import { canStand } from '../adjudicator/board.ts';
import { type OrderReport, adjudicate } from '../adjudicator/index.ts';
import { foreignPowerMessage, formatOrder, normalizeName, parseOrders, splitPowerPrefix } from '../orders/index.ts';
import { readingWithNames } from '../orders/notation.ts';
import type { Order, Phase, Unit } from '../types.ts';
import { heiauScenario } from '../variants/scenarios.ts';
import type { Variant } from '../variants/variant.ts';
import { ballotChoices } from './ballot.ts';
import { seesNatives, visibleUnits } from './fog.ts';
import { expectedRoles, position } from './sequence.ts';
import { type DiplomacyState, type DiplomacySubmission, phaseLabel, variantOf } from './state.ts';
export function readSubmission(state: DiplomacyState, role: string, lines: string[]): ReadResult {
  const p = state.phase;
  if (p.type === 'ballot') {
    const out: ReadLine[] = [];
    let vote: string | undefined;
    const options = ballotChoices(state);
    const mine = p.stage === 'moderator' ? role === MODERATOR_DECISION : expectedRoles(state).includes(role);
    if (!mine) {
      const who =
        p.stage === 'moderator' ? 'the moderator' : p.stage === 'natives' ? 'the native powers' : 'the voters';
      return {
        lines: lines.map((text, i) => ({ line: i + 1, text, ok: false, error: `${phaseLabel(p)} is for ${who} only` })),
        accepted: {},
      };
    }
    lines.forEach((text, i) => {
      if (!text.trim() || /^\s*(#|\/\/)/.test(text)) return;
      const word = normalizeName(text.replace(/^\s*vote\s+/i, '').trim());
      const match = options.filter((o) => o.startsWith(word) || heiauScenario(o).name.toLowerCase().startsWith(word));
      if (match.length === 1 && word) {
        vote = match[0];
        out.push({ line: i + 1, text, ok: true, reading: `VOTE ${heiauScenario(vote).name}` });
      } else
        out.push({
          line: i + 1,
          text,
          ok: false,
          error: `could not read "${text.trim()}": vote for one of ${options.map((o) => heiauScenario(o).name).join(', ')}`,
        });
    });
    return { lines: out, accepted: vote ? { vote } : {} };
  }
  const variant = variantOf(state);
  // `England: F Lon - Nth`: a leading power name is the writer's own (else the line is refused).
  const foreign = new Map<number, string>();
  const cleaned = lines.map((t, i) => {
    const pre = splitPowerPrefix(state.powers, t);
    if (!pre) return t;
    if (pre.power !== role) foreign.set(i + 1, pre.power);
    return pre.order;
  });
  const parsed = parseOrders(variant.map, cleaned, { phaseType: p.type }).map((l) => {
    const text = lines[l.line - 1]!;
    const other = foreign.get(l.line);
    return other
      ? { line: l.line, text, ok: false as const, error: { message: foreignPowerMessage(other, role) } }
      : { ...l, text };
  });
  // Check the readable orders against the board as if they were the only ones: what is illegal
  // now is illegal whatever the others order.
  const readable = parsed.flatMap((l) => (l.ok ? [l] : []));
  // A power that may not see the natives yet (the Haole before its first Spring orders) is checked
  // against the board it sees, with each order about a space it cannot see judged for any unit
  // that could stand there: what it reads and is told depends on nothing it may not know.
  const check = seesNatives(state, { kind: 'player', role })
    ? adjudicate(variant, {
        ...position(state, p),
        orders: readable.map((l) => ({ power: role, order: l.order, text: l.text.trim() })),
      })
    : { orders: readable.map((l) => checkUnseen(state, variant, p, role, l.order, l.text.trim())) };
  const out: ReadLine[] = [];
  const accepted: { text: string; reading: string }[] = [];
  let k = 0;
  for (const l of parsed) {
    if (!l.ok) {
      out.push({ line: l.line, text: l.text, ok: false, error: l.error.message });
      continue;
    }
    const r = check.orders[k++];
    // People read the rulebook's names; the accepted part keeps the map ids the adjudicator reads.
    const shown = r.reading ? readingWithNames(variant.map, r.reading) : undefined;
    if (r.result === 'illegal') out.push({ line: l.line, text: l.text, ok: false, reading: shown, error: r.reason });
    else {
      out.push({ line: l.line, text: l.text, ok: true, reading: shown });
      accepted.push({ text: l.text.trim(), reading: r.reading! });
    }
  }
  return { lines: out, accepted: { orders: accepted } satisfies DiplomacySubmission };
}

/**
 * One order of a power that cannot see the natives, read on the board it sees: an order that names
 * a unit in a space it cannot see is accepted when some unit could stand there and make it legal.
 */
export function checkUnseen(
  state: DiplomacyState,
  variant: Variant,
  phase: Phase,
  role: string,
  order: Order,
  text: string,
): OrderReport {
  const seen = visibleUnits(state, { kind: 'player', role });
  const board = { phase, units: seen, supplyCenters: {}, tradingPosts: state.tradingPosts };
  const named = order.kind === 'support' || order.kind === 'convoy' ? order.target : null;
  const map = variant.map;
  const province = named ? map.provinceOf(named.location) : undefined;
  if (!named || !province || seen.some((u) => map.provinceOf(u.location) === province))
    return adjudicate(variant, { ...board, orders: [{ power: role, order, text }] }).orders[0];
  let first: OrderReport | undefined;
  for (const type of named.type ? [named.type] : (['A', 'B', 'F'] as const))
    for (const l of map.locationsOf[province.index]) {
      if (!canStand(map, type, l)) continue;
      const someone: Unit = { power: '\u0000', type, location: map.locations[l].id };
      const r = adjudicate(variant, { ...board, units: [...seen, someone], orders: [{ power: role, order, text }] })
        .orders[0];
      if (r.result !== 'illegal') return r;
      first ??= r;
    }
  return (
    first ?? {
      power: role,
      text,
      result: 'illegal',
      reading: formatOrder(map, order),
      reason: `no unit could stand in ${province.name} to be ${order.kind === 'support' ? 'supported' : 'convoyed'}`,
    }
  );
}
