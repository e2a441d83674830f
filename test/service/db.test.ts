// The hand-written SQL migrations match the Prisma schema: every model round-trips through the
// generated client against a migrated database, and the migration runner records what it did
// the way `prisma migrate deploy` does.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, Prisma, type Db } from '../../src/db/client.ts';
import { migrate, MIGRATIONS_DIR, readMigrations } from '../../src/db/migrate.ts';
import { queueMail } from '../../src/mail/outbox.ts';
import { writePhases } from '../../src/service/phases.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let tdb: TestDatabase;
let db: Db;

beforeAll(async () => {
  tdb = await createTestDatabase({ migrate: false });
});
afterAll(async () => {
  await db?.$disconnect();
  await tdb?.drop();
});

describe('migrations', () => {
  it('apply once even when several processes start at the same time', async () => {
    const results = await Promise.all([migrate(tdb.url), migrate(tdb.url), migrate(tdb.url)]);
    const all = results.flatMap((r) => r.applied);
    expect(all.sort()).toEqual(
      readMigrations()
        .map((m) => m.name)
        .sort(),
    );
    const again = await migrate(tdb.url);
    expect(again.applied).toEqual([]);
  });

  it('are recorded in _prisma_migrations like prisma migrate deploy', async () => {
    const c = new pg.Client({ connectionString: tdb.url });
    await c.connect();
    const rows = (await c.query('SELECT * FROM "_prisma_migrations" ORDER BY migration_name')).rows;
    await c.end();
    const names = fs
      .readdirSync(MIGRATIONS_DIR)
      .filter((n) => fs.existsSync(path.join(MIGRATIONS_DIR, n, 'migration.sql')))
      .sort();
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    for (const r of rows) {
      const sql = fs.readFileSync(path.join(MIGRATIONS_DIR, r.migration_name, 'migration.sql'));
      expect(r.checksum).toBe(crypto.createHash('sha256').update(sql).digest('hex'));
      expect(r.finished_at).toBeInstanceOf(Date);
      expect(r.rolled_back_at).toBeNull();
      expect(r.applied_steps_count).toBe(1);
      expect(r.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(fs.readFileSync(path.join(MIGRATIONS_DIR, 'migration_lock.toml'), 'utf8')).toContain(
      'provider = "postgresql"',
    );
  });

  it('create exactly the columns of every model of the schema', async () => {
    const c = new pg.Client({ connectionString: tdb.url });
    await c.connect();
    const cols = (
      await c.query(
        `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations'`,
      )
    ).rows;
    await c.end();
    const byTable = new Map<string, string[]>();
    for (const r of cols) byTable.set(r.table_name, [...(byTable.get(r.table_name) ?? []), r.column_name]);
    const models = Object.values(Prisma.ModelName);
    expect([...byTable.keys()].sort()).toEqual([...models].sort());
    for (const model of models) {
      const fields = Object.values((Prisma as any)[`${model}ScalarFieldEnum`] as Record<string, string>);
      expect(byTable.get(model)!.sort(), model).toEqual([...fields].sort());
    }
  });
});

describe('every model round-trips through the client', () => {
  it('writes and reads every field', async () => {
    db = createDb(tdb.url, 2);
    const t = new Date('2025-11-21T10:00:00.123Z');
    const account = await db.account.create({
      data: {
        email: 'a@example.org',
        name: 'A',
        timeZone: 'Pacific/Honolulu',
        createdAt: t,
        notify: 'reminders',
        receiptsByMail: true,
      },
    });
    expect(account).toMatchObject({
      email: 'a@example.org',
      name: 'A',
      timeZone: 'Pacific/Honolulu',
      createdAt: t,
      notify: 'reminders',
      receiptsByMail: true,
    });
    const token = await db.apiToken.create({
      data: { accountId: account.id, tokenHash: 'h', prefix: 'kahu_ab', createdAt: t, lastUsedAt: t, revokedAt: t },
    });
    expect(await db.apiToken.findUniqueOrThrow({ where: { tokenHash: 'h' } })).toEqual(token);
    const game = await db.game.create({
      data: {
        name: 'g',
        variant: 'heiau',
        scenario: 'race',
        options: { a: 1 },
        status: 'active',
        moderatorId: account.id,
        openJoin: true,
        public: true,
        deadlines: { movement: 60 },
        nmrPolicy: 'wait',
        seed: 's',
        seedHash: 'sh',
        createdAt: t,
        startedAt: t,
        pausedAt: t,
        endedAt: t,
        outcome: { kind: 'draw' },
        version: 3,
      },
    });
    expect(await db.game.findUniqueOrThrow({ where: { id: game.id } })).toEqual(game);
    const gp = await db.gamePlayer.create({
      data: {
        gameId: game.id,
        accountId: account.id,
        status: 'playing',
        role: 'Sunrise',
        wantedRole: 'Sunrise',
        missedPhases: 2,
        createdAt: t,
        leftAt: t,
        byMail: true,
      },
    });
    expect(await db.gamePlayer.findUniqueOrThrow({ where: { id: gp.id } })).toEqual(gp);
    const phase = await db.phase.create({
      data: {
        gameId: game.id,
        seq: 1,
        key: '0001-S1M',
        label: 'Spring 1',
        type: 'movement',
        year: 1,
        state: { units: [] },
        status: 'adjudicated',
        openedAt: t,
        deadlineAt: t,
        graceUntil: t,
        earlyAt: t,
        remindedAt: t,
        resolvedAt: t,
        report: { r: 1 },
        expected: ['Sunrise'],
        missed: ['Sunset'],
      },
    });
    expect(await db.phase.findUniqueOrThrow({ where: { id: phase.id } })).toEqual(phase);
    const pr = await db.phaseRole.create({
      data: { phaseId: phase.id, role: 'Sunrise', ready: true, submitted: true, updatedAt: t },
    });
    expect(
      await db.phaseRole.findUniqueOrThrow({ where: { phaseId_role: { phaseId: phase.id, role: 'Sunrise' } } }),
    ).toEqual(pr);
    const sub = await db.submission.create({
      data: {
        phaseId: phase.id,
        role: 'Sunrise',
        accountId: account.id,
        lines: ['A x H'],
        readings: [{ line: 1 }],
        accepted: { o: [] },
        receipt: 'r',
        createdAt: t,
        supersededAt: t,
      },
    });
    expect(await db.submission.findUniqueOrThrow({ where: { id: sub.id } })).toEqual(sub);
    const ev = await db.gameEvent.create({
      data: { gameId: game.id, kind: 'pause', actorId: account.id, text: 'paused', data: { x: 1 }, createdAt: t },
    });
    expect(await db.gameEvent.findUniqueOrThrow({ where: { id: ev.id } })).toEqual(ev);
    const mail = await db.outboxMail.create({
      data: {
        toAddress: 'a@example.org',
        subject: 's',
        body: 'b',
        kind: 'k',
        gameId: game.id,
        status: 'sent',
        attempts: 1,
        nextAttemptAt: t,
        lockedUntil: t,
        lastError: 'e',
        createdAt: t,
        sentAt: t,
      },
    });
    expect(await db.outboxMail.findUniqueOrThrow({ where: { id: mail.id } })).toEqual(mail);
    const inbound = await db.inboundMail.create({
      data: {
        messageId: 'm@x',
        contentHash: 'ch',
        fromAddress: 'a@example.org',
        toAddress: 'orders+x@play.example.org',
        subject: 's',
        size: 10,
        gameId: game.id,
        accountId: account.id,
        purpose: 'player',
        status: 'answered',
        reason: 'r',
        results: [{ line: 1 }],
        receivedAt: t,
        answeredAt: t,
      },
    });
    expect(await db.inboundMail.findUniqueOrThrow({ where: { contentHash: 'ch' } })).toEqual(inbound);
    const press = await db.press.create({
      data: {
        gameId: game.id,
        phaseLabel: 'Spring 1',
        fromRole: 'Sunrise',
        fromAccountId: account.id,
        toRoles: ['Sunset'],
        toAll: true,
        body: 'aloha',
        createdAt: t,
      },
    });
    expect(await db.press.findUniqueOrThrow({ where: { id: press.id } })).toEqual(press);
    const read = await db.pressRead.create({
      data: { accountId: account.id, gameId: game.id, thread: 'Sunrise,Sunset', lastSeq: press.seq, readAt: t },
    });
    expect(
      await db.pressRead.findUniqueOrThrow({
        where: { accountId_gameId_thread: { accountId: account.id, gameId: game.id, thread: 'Sunrise,Sunset' } },
      }),
    ).toEqual(read);
    const settings = await db.gameEmailSettings.create({
      data: { gameId: game.id, press: 'public', pressPublicAfterGame: false, updatedAt: t },
    });
    expect(await db.gameEmailSettings.findUniqueOrThrow({ where: { gameId: game.id } })).toEqual(settings);
    // Defaults from the database.
    const g2 = await db.game.create({
      data: {
        name: 'g2',
        variant: 'heiau',
        scenario: 'race',
        moderatorId: account.id,
        deadlines: {},
        seed: 's',
        seedHash: 'h',
      },
    });
    expect(g2).toMatchObject({
      options: {},
      status: 'forming',
      openJoin: false,
      public: false,
      nmrPolicy: 'hold',
      version: 0,
      outcome: null,
    });
    const p2 = await db.phase.create({
      data: { gameId: game.id, seq: 2, key: 'k', label: 'l', type: 'retreat', state: {}, openedAt: t, expected: [] },
    });
    expect(p2.missed).toEqual([]);
    expect(p2.status).toBe('open');
    // Rows written with one JSON parameter (insertRows: the batch adjudication's phases, events
    // and mail) read back as Prisma wrote them, in the array's order, whatever the session's zone.
    const t2 = new Date('2025-07-01T23:59:59.999Z');
    const rows = [
      {
        id: crypto.randomUUID(),
        gameId: game.id,
        seq: 3,
        key: 'k3',
        label: 'l3',
        type: 'movement',
        year: 3,
        state: { units: [{ a: 'ü"\\' }] },
        status: 'open',
        openedAt: t,
        deadlineAt: t2,
        graceUntil: null,
        earlyAt: null,
        remindedAt: null,
        resolvedAt: null,
        report: null,
        expected: ['Sunrise', 'Sunset'],
        missed: [],
      },
      {
        id: crypto.randomUUID(),
        gameId: game.id,
        seq: 4,
        key: 'k4',
        label: 'l4',
        type: 'retreat',
        year: null,
        state: [],
        status: 'skipped',
        openedAt: t2,
        deadlineAt: null,
        graceUntil: t,
        earlyAt: t,
        remindedAt: t,
        resolvedAt: t2,
        report: { r: null },
        expected: [],
        missed: ['Sunset'],
      },
    ];
    const mails = [1, 2, 3].map((i) => ({
      to: `m${i}@example.org`,
      subject: `s${i}`,
      body: `b${i}\n`,
      kind: 'results',
      gameId: game.id,
      map: i === 2 ? { phaseId: rows[0].id, viewer: 'Sunrise' } : undefined,
    }));
    await db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`SET LOCAL TIME ZONE 'Pacific/Auckland'`);
      await writePhases(tx, [
        {
          rows,
          roles: [{ phaseId: rows[0].id, role: 'Sunrise', ready: true, submitted: false, updatedAt: t2 }],
        } as any,
      ]);
      expect(await queueMail(tx, mails, t2)).toBe(3);
    });
    for (const r of rows) expect(await db.phase.findUniqueOrThrow({ where: { id: r.id } })).toEqual(r);
    expect(await db.phaseRole.findMany({ where: { phaseId: rows[0].id } })).toEqual([
      { phaseId: rows[0].id, role: 'Sunrise', ready: true, submitted: false, updatedAt: t2 },
    ]);
    const queued = await db.outboxMail.findMany({ where: { kind: 'results' }, orderBy: { seq: 'asc' } });
    expect(
      queued.map((m) => [
        m.toAddress,
        m.subject,
        m.body,
        m.gameId,
        m.mapPhaseId,
        m.mapViewer,
        m.status,
        m.createdAt,
        m.nextAttemptAt,
      ]),
    ).toEqual(
      mails.map((m) => [
        m.to,
        m.subject,
        m.body,
        game.id,
        m.map?.phaseId ?? null,
        m.map?.viewer ?? null,
        'pending',
        t2,
        t2,
      ]),
    );
    // Cascades.
    await db.game.delete({ where: { id: game.id } });
    expect(await db.phase.count()).toBe(0);
    expect(await db.submission.count()).toBe(0);
    expect(await db.press.count()).toBe(0);
    expect(await db.pressRead.count()).toBe(0);
    expect(await db.gameEmailSettings.count()).toBe(0);
    expect(await db.inboundMail.count()).toBe(1); // kept: a record of what arrived
  });
});
