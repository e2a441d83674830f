// The standing instructions are one list (src/maori-wars/standing.ts): the reader reads every
// instruction the options offer as itself, and the help and the note to the player who waits name
// every form, so none of the three can leave one out.
import { expect, it } from 'vitest';
import { maoriWars } from '../../src/games/maori-wars.ts';
import { STANDING_FORMS, STANDING_SYNTAX } from '../../src/maori-wars/standing.ts';
import { HELP } from '../../src/maori-wars/text.ts';
import { newGame } from './fixtures.ts';

it('offers every form of standing instruction, each read as offered, and names each in the help and the waiting note', () => {
  const s = newGame('standing');
  for (const role of ['Maori', 'British']) {
    const offered = (maoriWars.options!(s, role) as { standing: { text: string }[] }).standing.map((x) => x.text);
    for (const form of STANDING_FORMS) for (const t of form.offered) expect(offered).toContain(`STANDING ${t}`);
    // Each hex of the player's Structures, for the forms that take one.
    expect(offered.some((t) => /^STANDING RETREAT TOWARD \S/.test(t))).toBe(true);
    const read = maoriWars.readSubmission(s, role, offered);
    expect(read.lines.filter((l) => !l.ok)).toEqual([]);
    expect(read.lines.map((l) => l.reading)).toEqual(offered);
  }
  for (const form of STANDING_SYNTAX) expect(HELP).toContain(form);
  const waiting = s.side === 'Maori' ? 'British' : 'Maori';
  const note = maoriWars.waitingNote!(s, waiting)!;
  for (const form of STANDING_SYNTAX) expect(note).toContain(form);
});
