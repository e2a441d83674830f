// Aloha as a GameModule: one decision a phase, for the one player who makes it; everything else
// waits (the others are never expected). Aloha hides nothing but the order of the Event decks.
import { ISLANDS, RESOURCES } from '../aloha/data.ts';
import { act, cardById, current, dataOf, decisionVerb, describe, isLegal, legalActions, onBoard, royalCard, setupAloha, STAGE_NAMES, RESOURCE_NAMES, tokensOf, type Action, type AlohaReport, type AlohaState } from '../aloha/engine.ts';
import { readAction, readConvert, ReadError } from '../aloha/text.ts';
import type { GameModule, ReadLine, Viewer } from './types.ts';

const SCENARIOS = [
  { id: 'two', name: 'Two players', roles: ['Red', 'Yellow'] },
  { id: 'three', name: 'Three players', roles: ['Red', 'Yellow', 'Green'] },
  { id: 'four', name: 'Four players', roles: ['Red', 'Yellow', 'Green', 'Blue'] },
];

function label(s: AlohaState): string {
  const cur = current(s);
  if (!cur) return `${STAGE_NAMES.over}`;
  return `${STAGE_NAMES[s.stage]}, decision ${s.seq + 1}: ${cur.role} to ${decisionVerb(cur.decision)}`;
}

/** What everyone sees: the whole board, the face-up cards with their texts, the deck only as a count. */
function publicView(s: AlohaState) {
  const cur = current(s);
  return {
    stage: STAGE_NAMES[s.stage],
    turn: cur ? { role: cur.role, decision: cur.decision, to: decisionVerb(cur.decision) } : null,
    order: s.stage.startsWith('chapter') ? s.order : s.roles,
    king: s.king,
    islands: ISLANDS.map((i) => ({ island: i, pureHawaiian: { ...s.board[i] }, actionTokens: { ...s.actionTokens[i] } })),
    players: s.roles.map((r) => {
      const p = s.players[r]!;
      return { role: r, score: p.score, pureHawaiian: onBoard(s, r), pool: p.pool, aloha: p.aloha, commerce: p.commerce, warriors: p.warriors, homeRule: p.homeRule, actionTokens: tokensOf(s, r), cards: p.cards.map((id) => (id === 'governor' ? 'Governor' : royalCard(s, id)?.name ?? id)) };
    }),
    events: s.faceUp.map((id, n) => { const c = cardById(s, id); return { number: n + 1, title: c.title, year: c.year ?? null, text: c.text, active: c.active, impacts: c.impacts, receive: c.receive, pay: c.pay ?? {}, calamity: c.calamity ?? null }; }),
    deck: s.deck.length,
    unofficialComponents: dataOf(s).unofficial,
    result: s.result,
  };
}

function amounts(a: Record<string, number | undefined>): string {
  return Object.entries(a).filter(([, v]) => v).map(([k, v]) => `${v} ${RESOURCE_NAMES[k as keyof typeof RESOURCE_NAMES]}`).join(', ') || 'nothing';
}

export const aloha: GameModule<AlohaState> = {
  id: 'aloha',
  name: 'Aloha, the Spirit of Hawaii',
  scenarios: SCENARIOS,
  setup(seed, scenario, options) {
    const sc = SCENARIOS.find((x) => x.id === scenario);
    if (!sc) throw new Error(`unknown scenario '${scenario}' (Aloha has ${SCENARIOS.map((x) => `'${x.id}'`).join(', ')})`);
    return setupAloha(seed, sc.roles.length, options?.components);
  },
  phase(s) {
    return { key: `${String(s.seq).padStart(4, '0')}-${s.stage}`, label: label(s), type: 'turn' };
  },
  expectedRoles(s) {
    const cur = current(s);
    return cur ? [cur.role] : [];
  },
  readSubmission(s, role, lines) {
    const cur = current(s);
    const out: ReadLine[] = [];
    const texts = lines.map((t, i) => ({ line: i + 1, text: t })).filter((x) => x.text.trim());
    if (!cur || cur.role !== role) {
      for (const x of texts) out.push({ ...x, ok: false, error: cur ? `it is ${cur.role}'s turn to ${decisionVerb(cur.decision)}; ${role} waits` : 'the game is over' });
      return { lines: out, accepted: null };
    }
    if (cur.decision === 'convert') {
      const steps = [];
      for (const x of texts) {
        try {
          if (/^\s*pass\s*$/i.test(x.text)) { out.push({ ...x, ok: true, reading: 'pass' }); continue; }
          const st = readConvert(x.text);
          const problem = isLegal(s, role, { kind: 'convert', steps: [...steps, st] });
          if (problem) out.push({ ...x, ok: false, error: problem });
          else { steps.push(st); out.push({ ...x, ok: true, reading: describe(s, { kind: 'convert', steps: [st] }) }); }
        } catch (e) {
          out.push({ ...x, ok: false, error: e instanceof ReadError ? e.message : String(e) });
        }
      }
      return { lines: out, accepted: { kind: 'convert', steps } satisfies Action };
    }
    let accepted: Action | null = null;
    for (const x of texts) {
      if (accepted) { out.push({ ...x, ok: false, error: 'one action a turn: this line is not needed' }); continue; }
      try {
        const a = readAction(x.text);
        const problem = isLegal(s, role, a);
        if (problem) out.push({ ...x, ok: false, error: problem });
        else { accepted = a; out.push({ ...x, ok: true, reading: describe(s, a) }); }
      } catch (e) {
        out.push({ ...x, ok: false, error: e instanceof ReadError ? e.message : String(e) });
      }
    }
    return { lines: out, accepted };
  },
  resolve(s, submissions) {
    const cur = current(s);
    const a = cur ? ((submissions[cur.role] as Action | null | undefined) ?? null) : null;
    return act(s, a);
  },
  view(s, _viewer: Viewer) {
    return publicView(s);
  },
  formatReport(report) {
    const r = report as AlohaReport;
    return r.lines.join('\n');
  },
  formatPosition(s) {
    const v = publicView(s);
    const lines = [`${v.stage}${v.turn ? `: ${v.turn.role} to ${v.turn.to}` : ''}.`];
    if (v.king) lines.push(`${s.stage === 'chapter3' || s.stage === 'epilogue' ? 'Queen' : 'King'} token: ${v.king}.`);
    for (const i of v.islands) {
      const here = s.roles.filter((r) => i.pureHawaiian[r]! > 0 || i.actionTokens[r]! > 0).map((r) => `${r} ${i.pureHawaiian[r]}${i.actionTokens[r] ? ` (${i.actionTokens[r]} action${i.actionTokens[r]! > 1 ? 's' : ''})` : ''}`);
      lines.push(`  ${i.island}: ${here.join(', ') || 'nobody'}`);
    }
    for (const p of v.players) lines.push(`  ${p.role}: ${p.score} points; Pure Hawaiian ${p.pureHawaiian} (pool ${p.pool}), Aloha ${p.aloha}, Commerce ${p.commerce}, Warriors ${p.warriors}, Home Rule ${p.homeRule}${p.cards.length ? `; cards: ${p.cards.join(', ')}` : ''}`);
    if (v.events.length) {
      lines.push('Event cards face up:');
      for (const e of v.events) lines.push(`  ${e.number}. ${e.title}${e.year ? ` (${e.year})` : ''}${e.calamity ? ' [calamity: play it on your opponents on ' + e.impacts + ']' : ` [active: ${e.active.join(', ')}]`}: receive ${amounts(e.receive)}; pay ${amounts(e.pay)}${e.calamity ? '' : ` (Pure Hawaiian from/to ${e.impacts})`}. ${e.text}`);
      lines.push(`  (${v.deck} cards left in the deck.)`);
    }
    if (v.result) lines.push(v.result.text + '.');
    return lines.join('\n');
  },
  outcome(s) {
    return s.result ? { kind: s.result.kind, winners: s.result.winners, text: s.result.text } : null;
  },
  options(s, role) {
    const cur = current(s);
    const actions = legalActions(s, role).map((a) => ({ kind: a.kind, text: describe(s, a) }));
    return { decision: cur && cur.role === role ? cur.decision : null, waitingFor: cur?.role ?? null, actions, resources: RESOURCES };
  },
};
