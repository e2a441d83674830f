// Aloha's actions as a client may send them: the same action whatever the order of its keys
// ({card, kind, island} is {kind, card, island}), checked and applied as the option it is.
import { describe, expect, it } from 'vitest';
import {
  act,
  current,
  isLegal,
  legalActions,
  setupAloha,
  type Action,
  type AlohaState,
} from '../../src/aloha/engine.ts';

/** A Chapter I position where the first player takes an action (every decision before it by default). */
function chapterOne(): AlohaState {
  let s = setupAloha('keys', 3);
  for (let i = 0; i < 40 && !(s.stage === 'chapter1' && current(s)?.decision === 'action'); i++) s = act(s, null).state;
  expect(s.stage).toBe('chapter1');
  return s;
}

/** `a` with its keys in the reverse order. */
const reversed = (a: Action) => Object.fromEntries(Object.entries(a).reverse()) as unknown as Action;

describe('an action whose keys come in another order', () => {
  const s = chapterOne();
  const role = current(s)!.role;
  const legal = legalActions(s, role);

  for (const kind of ['event', 'take', 'warrior', 'migrate'] as const) {
    it(`${kind}: is legal and is applied, not replaced by the default`, () => {
      const a = legal.find((x) => x.kind === kind && Object.keys(x).length > 1);
      expect(a, `a ${kind} option`).toBeDefined();
      const b = reversed(a!);
      expect(Object.keys(b)[0]).not.toBe('kind');
      expect(isLegal(s, role, b)).toBeNull();
      const out = act(s, b);
      expect(out.report.lines.join('\n')).not.toMatch(/by default/);
      expect(out.state).toEqual(act(s, a!).state);
    });
  }
});
