// Aloha's board drawn from the view: every player's tokens on every island as a counter with its
// letter and count, Action tokens beside it, and the standing of each player in the legend.
import { describe, expect, it } from 'vitest';
import { aloha } from '../../src/games/aloha.ts';
import { drawMap, hasMap } from '../../src/games/maps.ts';
import type { AlohaState } from '../../src/aloha/engine.ts';

function played(n: number): AlohaState {
  let s = aloha.setup('draw', 'four');
  for (let i = 0; i < n; i++) {
    const [r] = aloha.expectedRoles(s);
    const o = aloha.options!(s, r!) as { actions: { text: string }[] };
    s = aloha.resolve(s, { [r!]: aloha.readSubmission(s, r!, [o.actions[i % o.actions.length]!.text]).accepted }).state;
  }
  return s;
}

describe('the Aloha board', () => {
  it("draws each player's counters on the five islands, and every standing", () => {
    expect(hasMap(aloha)).toBe(true);
    const s = played(30);
    const svg = drawMap({ module: aloha, state: s, viewer: { kind: 'observer' }, title: 'Aloha test' })!;
    for (const island of ['Kauai', 'Oahu', 'Molokai', 'Maui', 'Hawaii']) {
      expect(svg).toContain(`data-island="${island}"`);
      for (const r of s.roles) {
        const n = s.board[island as 'Kauai'][r]!;
        const a = s.actionTokens[island as 'Kauai'][r]!;
        const counter = new RegExp(
          `<g class="tokens" data-role="${r}" data-island="${island}"><title>${r} on ${island}: ${n} Pure Hawaiian tokens, ${a} Action tokens?</title>[^]*?>${r[0]}${n}</text>`,
        );
        if (n || a) expect(svg).toMatch(counter);
        else expect(svg).not.toContain(`data-role="${r}" data-island="${island}"`);
      }
    }
    for (const r of s.roles) expect(svg).toContain(`${r}: ${s.players[r]!.score} points`);
    expect(svg).toMatch(/^<svg [^>]*role="img" aria-label="Aloha test"/);
  });
});
