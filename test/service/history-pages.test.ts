// The history comes a page at a time (at most 100 phases), and a finished game's replay is
// computed once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../helpers/app.ts';
import { signUp, startedGame } from '../helpers/api.ts';

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(async () => {
  await t?.close();
});

describe('history pages', () => {
  it('pages through every phase with after/next; bad paging parameters are 400', async () => {
    const mod = await signUp(t, 'pages-mod@example.org');
    const a = await signUp(t, 'pages-a@example.org');
    const b = await signUp(t, 'pages-b@example.org');
    const { game } = await startedGame(t, mod, [a, b], {
      name: 'Pages',
      variant: 'aloha',
      scenario: 'two',
      deadlines: { reminderMinutes: 0 },
    });
    for (let i = 0; i < 7; i++) await mod.ok('POST', `/games/${game.id}/process`);
    const seen: number[] = [];
    let after = 0;
    for (let n = 0; n < 10; n++) {
      const page = await a.ok('GET', `/games/${game.id}/history?after=${after}&limit=3`);
      expect(page.phases.length).toBeLessThanOrEqual(3);
      seen.push(...page.phases.map((p: any) => p.seq));
      if (page.next === null) break;
      after = page.next;
    }
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await a.req('GET', `/games/${game.id}/history?limit=1000`)).status).toBe(400);
    expect((await a.req('GET', `/games/${game.id}/history?after=-1`)).status).toBe(400);
    const all = await a.ok('GET', `/games/${game.id}/history`);
    expect(all.next).toBeNull();
    expect(all.phases).toHaveLength(8);
  });
});
