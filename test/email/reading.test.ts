// Pure parts of email play: commands, durations, reply addresses, quote and signature stripping.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { parseCommands, parseDuration } from '../../src/pbem/commands.ts';
import { parseTime } from '../../src/pbem/execute.ts';
import { parseReplyAddress, replyAddress, tokenMatches } from '../../src/service/mail-sending/reply-address.ts';
import { stripReply } from '../../src/pbem/inbound/normalize.ts';

const cfg = loadConfig({ INBOUND_DOMAIN: 'Play.Example.org', REPLY_SECRET: 'a-secret-of-sixteen-chars' }).inbound;
const GAME = '0f8fad5b-d9cb-469f-a165-70867728950e';
const ACCOUNT = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('commands', () => {
  it('one per line, any case; other lines are orders; SIGNOFF ends reading', () => {
    const c = parseCommands('A Par - Bur\n\nready\nWait\nStatus\nhistory spring 1901\nclear\nSIGNOFF\nA Mar H');
    expect(c.map((x) => [x.kind, x.line])).toEqual([
      ['order', 1],
      ['ready', 3],
      ['wait', 4],
      ['status', 5],
      ['history', 6],
      ['clear', 7],
    ]);
    expect(c[4]).toMatchObject({ phase: 'spring 1901' });
  });
  it('press runs to END; without END it is refused', () => {
    const c = parseCommands('PRESS TO England, France\nHello\n  both of you\nEND\nREADY');
    expect(c[0]).toMatchObject({ kind: 'press', to: ['England', 'France'], body: 'Hello\n  both of you' });
    expect(c[1]).toMatchObject({ kind: 'ready', line: 5 });
    expect(parseCommands('press to all\nhi\nend')[0]).toMatchObject({ to: 'ALL' });
    expect(parseCommands('PRESS TO Russia\nno end')[0]).toMatchObject({
      kind: 'error',
      error: expect.stringContaining('no END'),
    });
  });
  it('moderator commands and their arguments', () => {
    expect(parseCommands('EXTEND 1d 6h')[0]).toMatchObject({ kind: 'extend', minutes: 1800 });
    expect(parseCommands('extend soon')[0]).toMatchObject({
      kind: 'error',
      error: expect.stringContaining('not a duration'),
    });
    expect(parseCommands('ROLLBACK 3')[0]).toMatchObject({ kind: 'rollback', phase: '3' });
    expect(parseCommands('ROLLBACK')[0].kind).toBe('error');
    expect(parseCommands('READY now')[0].kind).toBe('error');
    expect(parseDuration('90m')).toBe(90);
    expect(parseDuration('1h30m')).toBe(90);
    expect(parseDuration('2 hours and 15 minutes')).toBe(135);
    expect(parseDuration('0h')).toBeNull();
  });
  it("times: ISO with a zone, or local time in the writer's zone", () => {
    expect(parseTime('2025-03-04T20:00Z', 'UTC')?.toISOString()).toBe('2025-03-04T20:00:00.000Z');
    expect(parseTime('2025-03-04 20:00', 'Pacific/Honolulu')?.toISOString()).toBe('2025-03-05T06:00:00.000Z');
    expect(parseTime('tomorrow', 'UTC')).toBeNull();
  });
});

describe('reply addresses', () => {
  it('carry the game and a signature bound to purpose, account and seat; case does not matter', () => {
    const SEAT = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    const a = replyAddress(cfg, 'player', GAME, ACCOUNT, SEAT);
    expect(a).toMatch(/^orders\+[a-z2-7]{42}@play\.example\.org$/);
    expect(a.split('@')[0].length).toBeLessThanOrEqual(64);
    const p = parseReplyAddress(cfg, a.toUpperCase());
    expect(p).toMatchObject({ purpose: 'player', gameId: GAME });
    expect(tokenMatches(cfg, p as any, ACCOUNT, SEAT)).toBe(true);
    expect(tokenMatches(cfg, p as any, GAME, SEAT)).toBe(false);
    // A seat given to someone else gets a new key: the old address stops working.
    expect(tokenMatches(cfg, p as any, ACCOUNT, 'a-new-key-for-the-seat')).toBe(false);
    const m = parseReplyAddress(cfg, a.replace('orders+', 'moderator+'));
    expect(tokenMatches(cfg, m as any, ACCOUNT, SEAT)).toBe(false);
    const other = loadConfig({ INBOUND_DOMAIN: 'play.example.org', REPLY_SECRET: 'another-secret-of-16' }).inbound;
    expect(tokenMatches(other, p as any, ACCOUNT, SEAT)).toBe(false);
    expect(parseReplyAddress(cfg, 'judge@play.example.org')).toBeNull();
    expect(parseReplyAddress(cfg, a.replace('play.example.org', 'elsewhere.org'))).toBeNull();
    expect(parseReplyAddress(cfg, 'orders+abc@play.example.org')).toEqual({ bad: true });
  });
});

describe('what is read of a message', () => {
  it('drops quoted lines, reply headers and signatures', () => {
    expect(stripReply('A Par - Bur\n> A Mar H\nA Mar H\n-- \nJean\nA Bre H')).toBe('A Par - Bur\nA Mar H');
    expect(stripReply('A Par H\n\nOn Mon, 3 Mar 2025, kahu <j@k> wrote:\nA Bre - Mao')).toBe('A Par H\n');
    expect(stripReply('A Par H\n-----Original Message-----\nA Bre H')).toBe('A Par H');
    expect(stripReply('A Par H\nFrom: kahu judge\nSent: Monday\nA Bre H')).toBe('A Par H');
    expect(stripReply('A Par H\nSent from my iPhone')).toBe('A Par H');
  });
});
