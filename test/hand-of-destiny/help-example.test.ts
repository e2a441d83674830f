// The HELP's own example turn (HOLD first) is a turn the reader accepts, whatever card was drawn:
// HOLD on a card that cannot be held keeps nothing and says so, instead of refusing the turn.
import { describe, expect, it } from 'vitest';
import { readTurn } from '../../src/hand-of-destiny/submission.ts';
import { HAWAII_1795_HELP } from '../../src/pbem/help.ts';
import { K, newGame, play, turnWith } from './helpers.ts';

const example = HAWAII_1795_HELP.split('Example:\n')[1]!
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && l !== 'READY');

describe('HOLD as the help says', () => {
  it("the example of the help is read whole, in the short game's set-up, on a card that cannot be held (#9 Muster of Hawai'i)", () => {
    const s = turnWith(newGame('short'), K, 9, 3);
    const r = readTurn(s, K, example);
    expect(r.lines.map((l) => [l.text, l.ok, l.error ?? l.reading])).toEqual(
      r.lines.map((l) => [l.text, true, l.reading]),
    );
    expect(r.lines[0]!.reading).toBe(
      "HOLD: nothing to hold: #9 Muster of Hawai'i cannot be held and is in effect this turn",
    );
    // Nothing is held, and the turn is carried out without an "order not carried out".
    expect(r.accepted.hold).toBe(false);
    const done = play(s, ['HOLD']);
    expect(done.text).not.toMatch(/not carried out/);
  });

  it('HOLD still holds a card that may be held, and still conflicts with playing it', () => {
    const s = turnWith(newGame(), K, 7, 3);
    expect(readTurn(s, K, ['HOLD']).lines[0]!.reading).toBe('HOLD #7');
    expect(readTurn(s, K, ['PLAY 7', 'HOLD']).lines[1]!.error).toMatch(/you are playing card #7 now/);
  });
});
