// Queued actions (docs/aloha.md, "Queued actions"): a player may send the next actions ahead; each
// is played when that player's decision comes, in the same resolution (no phase, no deadline of
// its own), only while nothing has happened but that player's own actions. Through the GameModule,
// as the service calls it.
import { describe, expect, it } from 'vitest';
import { ISLANDS, type Island } from '../../src/aloha/data.ts';
import { act, current, type AlohaReport, type AlohaState } from '../../src/aloha/engine.ts';
import { aloha } from '../../src/games/aloha.ts';

const clone = (s: AlohaState): AlohaState => JSON.parse(JSON.stringify(s));

/** Chapter I's actions with the Action tokens given, `first` to act; the others have none unless given. */
function chapterWith(tokens: Record<string, Partial<Record<Island, number>>>, seed = 'queue'): AlohaState {
  let s = aloha.setup(seed, 'three');
  while (s.stage === 'prologue') s = act(s, null).state;
  const t = clone(s);
  const first = Object.keys(tokens)[0]!;
  t.decision = 'action';
  t.order = [...t.roles];
  // `first` is where the turn order stands: the next in the order follow it.
  t.cursor = t.roles.indexOf(first);
  t.queue = [first];
  for (const i of ISLANDS) for (const r of t.roles) t.actionTokens[i][r] = tokens[r]?.[i] ?? 0;
  // Only island resources below: no card turns up.
  return t;
}

const submit = (s: AlohaState, role: string, ...lines: string[]) => aloha.readSubmission(s, role, lines);
const text = (report: unknown, role: string) => aloha.formatReport(report, { kind: 'player', role });

describe('queued actions', () => {
  it('two queued actions behind the one now are played in turn in the same resolution, without a phase of their own', () => {
    const s0 = aloha.setup('queue', 'three');
    const red = s0.roles[0]!;
    const s = chapterWith({ [red]: { Molokai: 1, Maui: 1, Oahu: 1, Kauai: 1 } });
    const sub = submit(s, red, 'take Molokai', 'take Maui', 'take Oahu');
    expect(sub.lines.map((l) => l.reading)).toEqual([
      'take Molokai',
      `queued 1: take Maui (for your next decisions, applied while nobody else acts, no card turns up and the stage goes on)`,
      'queued 2: take Oahu',
    ]);
    expect(sub.lines.slice(1).every((l) => aloha.isPrivateLine!(l))).toBe(true);
    expect(aloha.isPrivateLine!(sub.lines[0]!)).toBe(false);
    const before = s.players[red]!;
    const out = aloha.resolve(s, { [red]: sub.accepted });
    // Three decisions in one resolution: the next phase is the fourth, still Red's.
    expect(out.state.seq).toBe(s.seq + 3);
    expect(current(out.state)).toEqual({ role: red, decision: 'action' });
    expect(aloha.phase(out.state).key).toBe(`${String(s.seq + 3).padStart(4, '0')}-chapter1`);
    const p = out.state.players[red]!;
    expect([p.aloha - before.aloha, p.commerce - before.commerce]).toEqual([3, 1]);
    const all = text(out.report, red);
    expect(all).toMatch(
      new RegExp(`${red} plays an action queued in advance: take Maui\\.\\n${red} takes the resource of Maui`),
    );
    expect(all).toMatch(
      new RegExp(`${red} plays an action queued in advance: take Oahu\\.\\n${red} takes the resource of Oahu`),
    );
    expect(all).toContain('Your queued action "take Maui" was applied; still queued: "take Oahu".');
    expect(all).toContain('Your queued action "take Oahu" was applied.');
    expect(out.state.queued).toBeUndefined();
  });

  it("a waiting player's queue is dropped when another player's action changes the position, and only that player is told", () => {
    const s0 = aloha.setup('queue', 'three');
    const [red, yellow, green] = s0.roles;
    const s = chapterWith({ [red!]: { Molokai: 1 }, [yellow!]: { Maui: 1, Oahu: 1 } });
    const q = submit(s, yellow!, 'take Maui', 'take Oahu');
    expect(q.lines.every((l) => l.ok)).toBe(true);
    expect(q.lines[0]!.reading).toBe(
      `queued 1: take Maui (for your next decision, applied only if nothing happens before it: ${red} decides first, and any action of another player drops the queue)`,
    );
    expect(q.accepted).toEqual({
      kind: 'queue',
      now: null,
      queued: [
        { action: { kind: 'take', island: 'Maui' }, text: 'take Maui' },
        { action: { kind: 'take', island: 'Oahu' }, text: 'take Oahu' },
      ],
    });
    const out = aloha.resolve(s, { [red!]: submit(s, red!, 'take Molokai').accepted, [yellow!]: q.accepted });
    // Yellow decides now, with a phase and a deadline: nothing of the queue was played.
    expect(current(out.state)).toEqual({ role: yellow, decision: 'action' });
    expect(out.state.seq).toBe(s.seq + 1);
    expect(out.state.queued).toBeUndefined();
    const told = `Your queued actions "take Maui", "take Oahu" were dropped: ${red} acted (take Molokai) since you gave them.`;
    expect(text(out.report, yellow!)).toContain(told);
    for (const r of [red!, green!]) expect(text(out.report, r)).not.toMatch(/queued/);
    expect(aloha.formatReport(out.report, { kind: 'observer' })).not.toMatch(/queued/);
    expect(aloha.formatReport(out.report, { kind: 'moderator' })).toContain(`(To ${yellow}) ${told}`);
  });

  it('a queue held while another player still has to act is shown to its player only, and dropped once that player acts', () => {
    const s0 = aloha.setup('queue', 'three');
    const [red, yellow] = s0.roles;
    const s = chapterWith({ [red!]: { Molokai: 1, Maui: 1 }, [yellow!]: { Oahu: 1 } });
    const mid = aloha.resolve(s, { [red!]: submit(s, red!, 'take Molokai', 'take Maui').accepted });
    expect(current(mid.state)!.role).toBe(yellow);
    expect(mid.state.queued).toEqual({ [red!]: [{ action: { kind: 'take', island: 'Maui' }, text: 'take Maui' }] });
    expect(aloha.view(mid.state, { kind: 'player', role: red! })).toMatchObject({ queued: { [red!]: ['take Maui'] } });
    expect(aloha.view(mid.state, { kind: 'player', role: yellow! })).not.toHaveProperty('queued');
    expect(aloha.formatPosition(mid.state, { kind: 'player', role: red! })).toContain(
      'Your queued actions: take Maui (played at your next decisions only if nothing happens before them).',
    );
    expect(aloha.formatPosition(mid.state, { kind: 'player', role: yellow! })).not.toMatch(/queued/);
    const out = aloha.resolve(mid.state, { [yellow!]: submit(mid.state, yellow!, 'take Oahu').accepted });
    expect(current(out.state)).toEqual({ role: red, decision: 'action' });
    expect(text(out.report, red!)).toContain(
      `Your queued action "take Maui" was dropped: ${yellow} acted (take Oahu) since you gave it.`,
    );
    expect(out.state.queued).toBeUndefined();
  });

  it("a queued action no longer legal when its turn comes is not played: the decision is the player's, in a phase of its own", () => {
    const s0 = aloha.setup('queue', 'three');
    const red = s0.roles[0]!;
    const s = chapterWith({ [red]: { Molokai: 1, Maui: 1 } });
    const out = aloha.resolve(s, { [red]: submit(s, red, 'take Molokai', 'take Molokai', 'take Maui').accepted });
    expect(out.state.seq).toBe(s.seq + 1);
    expect(current(out.state)).toEqual({ role: red, decision: 'action' });
    expect(out.state.queued).toBeUndefined();
    expect(text(out.report, red)).toContain(
      `Your queued action "take Molokai" was not applied: taking the resource of Molokai needs an Action token on Molokai. The rest of your queue ("take Maui") was dropped with it. The decision is yours: take an action.`,
    );
    expect((out.report as AlohaReport).lines.join('\n')).not.toMatch(/queued in advance/);
    // The phase is as any other: the player's action now is read and played.
    const next = submit(out.state, red, 'take Maui');
    expect(next.lines[0]).toMatchObject({ ok: true, reading: 'take Maui' });
  });

  it("a card turned up by the player's own action drops the rest of the queue", () => {
    const s0 = aloha.setup('queue', 'three');
    const red = s0.roles[0]!;
    const s = chapterWith({ [red]: { Oahu: 1, Maui: 1, Molokai: 1, Kauai: 1, Hawaii: 1 } });
    s.faceUp = ['c1-missionaries', 'c1-lahaina', 'c1-mahele', 'c1-kuleana'];
    s.deck = ['c1-constitution', 'c1-newspaper'];
    const out = aloha.resolve(s, { [red]: submit(s, red, 'event 1 Oahu', 'take Maui').accepted });
    expect(out.state.seq).toBe(s.seq + 1);
    expect(text(out.report, red)).toContain('Your queued action "take Maui" was dropped: an Event card turned up.');
  });

  it('a new submission replaces the queue; an empty one clears it', () => {
    const s0 = aloha.setup('queue', 'three');
    const [red, yellow] = s0.roles;
    const s = chapterWith({ [red!]: { Molokai: 1, Maui: 1 }, [yellow!]: { Oahu: 1 } });
    const mid = aloha.resolve(s, { [red!]: submit(s, red!, 'take Molokai', 'take Maui').accepted }).state;
    const replaced = aloha.resolve(mid, {
      [yellow!]: submit(mid, yellow!, 'take Oahu').accepted,
      [red!]: submit(mid, red!).accepted,
    });
    expect(text(replaced.report, red!)).not.toMatch(/queued/);
    expect(replaced.state.queued).toBeUndefined();
  });

  it('the waiting note and the HELP tell a player they may queue', () => {
    const s = aloha.setup('queue', 'two');
    const [a, b] = s.roles;
    expect(aloha.waitingNote!(s, a!)).toBeNull();
    expect(aloha.waitingNote!(s, b!)).toBe(
      `It is ${a}'s turn to choose an island to settle, not yours; you may queue your next actions (one a line), played at your next decision only if nothing happens before it`,
    );
  });
});
