// A results mail of Hawaii 1795 carries the map cut for mail (src/render/mail-crop.ts mailPanels):
// 600 px wide, the parts around the reader's own stacks as the reader's view shows them, over
// real SMTP and the outbox, each reader their own drawing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hawaii1795 } from '../../src/games/hawaii1795.ts';
import { drawMailMap } from '../../src/games/maps.ts';
import { viewerOfKey } from '../../src/mail/game-mail.ts';
import { MAIL_PANEL_WIDTH } from '../../src/render/mail-crop.ts';
import { signUp, startedGame } from '../helpers/api.ts';
import { last, startEmailRig, type EmailRig } from './helpers.ts';

let rig: EmailRig;
beforeAll(async () => {
  rig = await startEmailRig();
});
afterAll(async () => {
  await rig?.close();
});

describe('the map in a Hawaii 1795 results mail', () => {
  it("is cut for mail around each reader's own stacks, drawn at the width it is shown at", async () => {
    const mod = await signUp(rig.t, 'kahuna@example.org');
    const a = await signUp(rig.t, 'paiea@example.org');
    const b = await signUp(rig.t, 'kalani@example.org');
    const { game } = await startedGame(rig.t, mod, [a, b], {
      name: 'Hawaii mail map',
      variant: 'hawaii1795',
      scenario: 'short',
      deadlines: { reminderMinutes: 0 },
    });
    await mod.ok('POST', `/games/${game.id}/process`);
    const heights = new Set<number>();
    for (const reader of [a, b]) {
      const m = await last(rig, reader.email, 'results');
      const shown = Number(/<img src="cid:map@kahu"[^>]* width="(\d+)"/.exec(m.html!)![1]);
      expect(shown).toBe(MAIL_PANEL_WIDTH);
      const png = m.images.find((i) => i.cid === 'map@kahu')!.content;
      // The same drawing, for the same reader and phase, as the outbox row names them.
      const row = await rig.t.db.outboxMail.findFirstOrThrow({
        where: { toAddress: reader.email, kind: 'results' },
        orderBy: { seq: 'desc' },
      });
      const phase = await rig.t.db.phase.findUniqueOrThrow({ where: { id: row.mapPhaseId! } });
      const viewer = viewerOfKey(row.mapViewer!);
      expect(viewer.kind).toBe('player');
      const drawn = drawMailMap({
        module: hawaii1795,
        state: phase.state,
        report: phase.report ?? undefined,
        viewer,
        title: '',
      })!;
      expect(drawn.svg).toContain('<svg class="crop"');
      const height = Number(/^<svg [^>]*height="(\d+)"/.exec(drawn.svg)![1]);
      // Drawn at 600 px, as tall as the parts and the small board under them: the cut map, not the whole board.
      expect(png.readUInt32BE(16)).toBe(MAIL_PANEL_WIDTH);
      expect(png.readUInt32BE(20)).toBe(height);
      expect(height).not.toBe(Math.round((MAIL_PANEL_WIDTH * 466) / 1000));
      heights.add(height);
    }
    // Each side's stacks are elsewhere: each reader has their own cut.
    expect(heights.size).toBe(2);
  });
});
