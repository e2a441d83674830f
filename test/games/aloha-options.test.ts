// What the Aloha page sends: the text of an offered action, as it is. Through whole games, every
// action offered (Event cards on each island included) reads back as the very action offered, the
// object the options carry, so a tap on the page is never refused.
import { describe, expect, it } from 'vitest';
import { aloha } from '../../src/games/aloha.ts';
import { current, type AlohaState } from '../../src/aloha/engine.ts';

describe('Aloha options', () => {
  it('every offered action, sent as its text, is read as the action offered', () => {
    let kinds = new Set<string>();
    for (const seed of ['a', 'b', 'c']) {
      let s: AlohaState = aloha.setup(seed, 'three');
      for (let n = 0; n < 400 && current(s); n++) {
        const role = current(s)!.role;
        const { actions } = aloha.options!(s, role) as { actions: { kind: string; text: string; action: unknown }[] };
        for (const a of actions) {
          kinds.add(a.kind);
          const read = aloha.readSubmission(s, role, [a.text]);
          expect(read.lines[0], a.text).toMatchObject({ ok: true });
          expect(JSON.stringify(read.accepted), a.text).toBe(JSON.stringify(a.action));
        }
        // Play on with an Event card when one is offered, else the n-th action.
        const pick = actions.find((a) => a.kind === 'event') ?? actions[n % actions.length]!;
        s = aloha.resolve(s, { [role]: aloha.readSubmission(s, role, [pick.text]).accepted }).state;
      }
    }
    kinds = new Set([...kinds].sort());
    expect([...kinds]).toEqual(expect.arrayContaining(['event', 'king', 'migrate', 'settle', 'take', 'warrior']));
  });
});
