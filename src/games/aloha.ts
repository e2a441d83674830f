// Aloha as a GameModule: one decision a phase, for the one player who makes it; the others are
// never expected, and what they send is queued for their next decisions (resolve plays it while
// nothing else has happened). Aloha hides nothing but the order of the Event decks and what each
// player has queued.
import { ISLANDS, RESOURCES } from '../aloha/data.ts';
import {
  cardById,
  MAX_QUEUED,
  playTurn,
  type AlohaSubmission,
  type QueuedAction,
  current,
  dataOf,
  decisionVerb,
  describe,
  isLegal,
  legalActions,
  onBoard,
  royalCard,
  setupAloha,
  STAGE_NAMES,
  RESOURCE_NAMES,
  tokensOf,
  type Action,
  type AlohaReport,
  type AlohaState,
} from '../aloha/engine.ts';
import { readAction, readConvert, ReadError } from '../aloha/text.ts';
import type { GameModule, ReadLine, Viewer } from '../contract/types.ts';

const QUEUED = 'queued';

/** A queued line: an action, or a conversion of the Epilogue. */
function readQueued(text: string): Action {
  return /^\s*convert\b/i.test(text) ? { kind: 'convert', steps: [readConvert(text)] } : readAction(text);
}

/** When a queue given now would be applied, for the reading of its first line. */
function queueCondition(s: AlohaState, role: string): string {
  const cur = current(s)!;
  return cur.role === role
    ? 'for your next decisions, applied while nobody else acts, no card turns up and the stage goes on'
    : `for your next decision, applied only if nothing happens before it: ${cur.role} decides first, and any action of another player drops the queue`;
}

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
    islands: ISLANDS.map((i) => ({
      island: i,
      pureHawaiian: { ...s.board[i] },
      actionTokens: { ...s.actionTokens[i] },
    })),
    players: s.roles.map((r) => {
      const p = s.players[r]!;
      return {
        role: r,
        score: p.score,
        pureHawaiian: onBoard(s, r),
        pool: p.pool,
        aloha: p.aloha,
        commerce: p.commerce,
        warriors: p.warriors,
        homeRule: p.homeRule,
        actionTokens: tokensOf(s, r),
        cards: p.cards.map((id) => (id === 'governor' ? 'Governor' : (royalCard(s, id)?.name ?? id))),
      };
    }),
    events: s.faceUp.map((id, n) => {
      const c = cardById(s, id);
      return {
        number: n + 1,
        title: c.title,
        year: c.year ?? null,
        text: c.text,
        active: c.active,
        impacts: c.impacts,
        receive: c.receive,
        pay: c.pay ?? {},
        calamity: c.calamity ?? null,
      };
    }),
    deck: s.deck.length,
    unofficialComponents: dataOf(s).unofficial,
    result: s.result,
  };
}

/** The queued actions a viewer may see: a player's own, every player's for the moderator. */
function queuedFor(s: AlohaState, viewer: Viewer): Record<string, string[]> | null {
  const all = Object.entries(s.queued ?? {}).filter(
    ([role]) => viewer.kind === 'moderator' || (viewer.kind === 'player' && viewer.role === role),
  );
  return all.length ? Object.fromEntries(all.map(([role, q]) => [role, q.map((x) => x.text)])) : null;
}

function amounts(a: Record<string, number | undefined>): string {
  return (
    Object.entries(a)
      .filter(([, v]) => v)
      .map(([k, v]) => `${v} ${RESOURCE_NAMES[k as keyof typeof RESOURCE_NAMES]}`)
      .join(', ') || 'nothing'
  );
}

export const aloha: GameModule<AlohaState> = {
  id: 'aloha',
  name: 'Aloha, the Spirit of Hawaii',
  scenarios: SCENARIOS,
  // One decision a phase: sending it is being ready (no separate Ready).
  decisionPhases: true,
  setup(seed, scenario, options) {
    const sc = SCENARIOS.find((x) => x.id === scenario);
    if (!sc)
      throw new Error(`unknown scenario '${scenario}' (Aloha has ${SCENARIOS.map((x) => `'${x.id}'`).join(', ')})`);
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
    if (!cur) {
      for (const x of texts) out.push({ ...x, ok: false, error: 'the game is over' });
      return { lines: out, accepted: null };
    }
    const mine = cur.role === role;
    if (mine && cur.decision === 'convert') {
      const steps = [];
      for (const x of texts) {
        try {
          if (/^\s*pass\s*$/i.test(x.text)) {
            out.push({ ...x, ok: true, reading: 'pass' });
            continue;
          }
          const st = readConvert(x.text);
          const problem = isLegal(s, role, { kind: 'convert', steps: [...steps, st] });
          if (problem) out.push({ ...x, ok: false, error: problem });
          else {
            steps.push(st);
            out.push({ ...x, ok: true, reading: describe(s, { kind: 'convert', steps: [st] }) });
          }
        } catch (e) {
          out.push({ ...x, ok: false, error: e instanceof ReadError ? e.message : String(e) });
        }
      }
      return { lines: out, accepted: { kind: 'convert', steps } satisfies Action };
    }
    // The deciding player's first legal line is the action now; every later line, and every line
    // of a player who waits, is queued for that player's next decisions (docs/aloha.md).
    let now: Action | null = null;
    const queued: QueuedAction[] = [];
    for (const x of texts) {
      try {
        if (mine && !now) {
          const a = readAction(x.text);
          const problem = isLegal(s, role, a);
          if (problem) out.push({ ...x, ok: false, error: problem });
          else {
            now = a;
            out.push({ ...x, ok: true, reading: describe(s, a) });
          }
          continue;
        }
        if (queued.length >= MAX_QUEUED) {
          out.push({ ...x, ok: false, error: `at most ${MAX_QUEUED} actions may be queued` });
          continue;
        }
        const a = readQueued(x.text);
        const last = queued[queued.length - 1];
        // Conversion lines in a row are one decision, as they are when it is the player's turn.
        if (a.kind === 'convert' && last?.action.kind === 'convert') {
          last.action.steps.push(...a.steps);
          last.text = describe(s, last.action);
          out.push({ ...x, ok: true, reading: `${QUEUED} ${queued.length}: ${describe(s, a)}` });
          continue;
        }
        queued.push({ action: a, text: describe(s, a) });
        out.push({
          ...x,
          ok: true,
          reading: `${QUEUED} ${queued.length}: ${describe(s, a)}${queued.length === 1 ? ` (${queueCondition(s, role)})` : ''}`,
        });
      } catch (e) {
        out.push({ ...x, ok: false, error: e instanceof ReadError ? e.message : String(e) });
      }
    }
    if (!mine) return { lines: out, accepted: { kind: 'queue', now: null, queued } satisfies AlohaSubmission };
    return { lines: out, accepted: queued.length ? ({ kind: 'queue', now, queued } satisfies AlohaSubmission) : now };
  },
  resolve(s, submissions) {
    return playTurn(s, submissions);
  },
  view(s, viewer: Viewer) {
    // Queued actions are their player's own until played: each player sees only theirs.
    const queued = queuedFor(s, viewer);
    return queued ? { ...publicView(s), queued } : publicView(s);
  },
  formatReport(report, viewer) {
    const r = report as AlohaReport;
    const own = Object.entries(r.private ?? {}).filter(
      ([role]) => viewer.kind === 'moderator' || (viewer.kind === 'player' && viewer.role === role),
    );
    return [
      ...r.lines,
      ...own.flatMap(([role, lines]) => lines.map((l) => (viewer.kind === 'moderator' ? `(To ${role}) ${l}` : l))),
    ].join('\n');
  },
  formatPosition(s, viewer) {
    const v = publicView(s);
    const lines = [`${v.stage}${v.turn ? `: ${v.turn.role} to ${v.turn.to}` : ''}.`];
    // Once the game is over no token is in play any more.
    if (v.king && !v.result)
      lines.push(`${s.stage === 'chapter3' || s.stage === 'epilogue' ? 'Queen' : 'King'} token: ${v.king}.`);
    for (const i of v.islands) {
      const here = s.roles
        .filter((r) => i.pureHawaiian[r]! > 0 || i.actionTokens[r]! > 0)
        .map(
          (r) =>
            `${r} ${i.pureHawaiian[r]}${i.actionTokens[r] ? ` (${i.actionTokens[r]} action${i.actionTokens[r]! > 1 ? 's' : ''})` : ''}`,
        );
      lines.push(`  ${i.island}: ${here.join(', ') || 'nobody'}`);
    }
    for (const p of v.players)
      lines.push(
        `  ${p.role}: ${p.score} points; Pure Hawaiian ${p.pureHawaiian} (pool ${p.pool}), Aloha ${p.aloha}, Commerce ${p.commerce}, Warriors ${p.warriors}, Home Rule ${p.homeRule}${p.cards.length ? `; cards: ${p.cards.join(', ')}` : ''}`,
      );
    if (v.events.length) {
      lines.push('Event cards face up:');
      for (const e of v.events)
        lines.push(
          `  ${e.number}. ${e.title}${e.year ? ` (${e.year})` : ''}${e.calamity ? ' [calamity: play it on your opponents on ' + e.impacts + ']' : ` [active: ${e.active.join(', ')}]`}: receive ${amounts(e.receive)}; pay ${amounts(e.pay)}${e.calamity ? '' : ` (Pure Hawaiian from/to ${e.impacts})`}. ${e.text}`,
        );
      lines.push(`  (${v.deck} cards left in the deck.)`);
    }
    if (v.result) lines.push(v.result.text + '.');
    for (const [role, q] of Object.entries(queuedFor(s, viewer) ?? {})) {
      lines.push(
        `${viewer.kind === 'player' ? 'Your' : `${role}'s`} queued actions: ${q.join('; ')} (played at ${viewer.kind === 'player' ? 'your' : 'their'} next decisions only if nothing happens before them).`,
      );
    }
    return lines.join('\n');
  },
  outcome(s) {
    return s.result ? { kind: s.result.kind, winners: s.result.winners, text: s.result.text } : null;
  },
  isPrivateLine(line) {
    // What a player queues stays with that player (and the moderator) until the game ends; what is
    // played of it is in the report. A refused line is kept too: it changed nothing, and it may
    // have been meant for the queue.
    return !line.ok || (line.reading ?? '').startsWith(`${QUEUED} `);
  },
  waitingNote(s, role) {
    const cur = current(s);
    if (!cur || cur.role === role) return null;
    return `It is ${cur.role}'s turn to ${decisionVerb(cur.decision)}, not yours; you may queue your next actions (one a line), played at your next decision only if nothing happens before it`;
  },
  options(s, role) {
    const cur = current(s);
    // `action`: the engine's own object, passed through unchanged (a page picks by island, count, card).
    const actions = legalActions(s, role).map((a) => ({ kind: a.kind, text: describe(s, a), action: a }));
    // The Epilogue: besides converting nothing, each single conversion the rules allow (up to 5
    // resources: Pure Hawaiian tokens of one island to Aloha or Commerce, Aloha or Commerce to Home
    // Rule votes), each a whole decision; lines of several together are one decision too.
    if (cur && cur.role === role && cur.decision === 'convert') {
      const p = s.players[role]!;
      const sources: { from: 'ph' | 'aloha' | 'commerce'; island?: (typeof ISLANDS)[number]; has: number }[] = [
        ...ISLANDS.map((island) => ({ from: 'ph' as const, island, has: s.board[island][role] ?? 0 })),
        { from: 'aloha', has: p.aloha },
        { from: 'commerce', has: p.commerce },
      ];
      for (const src of sources)
        for (const to of src.from === 'ph' ? (['aloha', 'commerce'] as const) : (['homeRule'] as const))
          for (let count = 1; count <= Math.min(5, src.has); count++) {
            const a: Action = {
              kind: 'convert',
              steps: [{ count, from: src.from, to, ...(src.island ? { island: src.island } : {}) }],
            };
            if (!isLegal(s, role, a)) actions.push({ kind: 'convert', text: describe(s, a), action: a });
          }
    }
    return {
      decision: cur && cur.role === role ? cur.decision : null,
      waitingFor: cur?.role ?? null,
      actions,
      resources: RESOURCES,
    };
  },
};
