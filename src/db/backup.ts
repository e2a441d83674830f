// Backups without pg_dump (docs/backup.md): one gzip file holding a one-line JSON header and the
// rows of every table of kahu's schema in COPY text format, all read in one REPEATABLE READ
// snapshot, so a phase is in it adjudicated with its mail, or open with its orders, never between.
// The restore builds the schema with kahu's own migrations up to the backup's last one, loads the
// rows, and then applies the migrations that came later. pg-boss's schema is not in it: its jobs
// only say "look at this", and the worker's sweep finds every due phase and unsent mail again.
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { migrate, readMigrations } from './migrate.ts';

export const BACKUP_FORMAT = 'kahu-backup';
/** Raised when the file's layout changes; the restore reads every version up to this one. */
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupTable {
  name: string;
  columns: string[];
  rows: number;
}
export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  kahu: string;
  createdAt: string;
  server: string;
  migrations: { name: string; checksum: string }[];
  tables: BackupTable[];
}

/** End of a table's rows: a line COPY's text format never writes (a backslash in data is doubled). */
const END = Buffer.from('\\.\n');

const KAHU_VERSION: string = (() => {
  try {
    return JSON.parse(
      fs.readFileSync(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../package.json'), 'utf8'),
    ).version;
  } catch {
    return 'unknown';
  }
})();

export function formatBytes(n: number): string {
  return n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} kB` : `${(n / 1024 ** 2).toFixed(1)} MB`;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The tables of the current schema, each after the tables its foreign keys point at (then by name). */
async function tablesInLoadOrder(c: pg.ClientBase): Promise<{ name: string; columns: string[] }[]> {
  const tables = (
    await c.query<{ name: string; columns: string[] }>(
      `SELECT c.relname AS name, array_agg(a.attname::text ORDER BY a.attnum) AS columns
       FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
      WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p')
      GROUP BY c.relname ORDER BY c.relname`,
    )
  ).rows;
  const refs = (
    await c.query<{ child: string; parent: string }>(
      `SELECT c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent FROM pg_constraint c
      WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace AND c.conrelid <> c.confrelid`,
    )
  ).rows.map((r) => ({ child: r.child.replace(/^"|"$/g, ''), parent: r.parent.replace(/^"|"$/g, '') }));
  const ordered: typeof tables = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const next = tables.find(
      (t) =>
        !placed.has(t.name) &&
        refs.every((r) => r.child !== t.name || placed.has(r.parent) || !tables.some((x) => x.name === r.parent)),
    );
    if (!next)
      throw new Error(
        `the foreign keys of ${tables
          .filter((t) => !placed.has(t.name))
          .map((t) => t.name)
          .join(', ')} form a cycle: no load order`,
      );
    ordered.push(next);
    placed.add(next.name);
  }
  return ordered;
}

export interface BackupResult {
  file: string;
  bytes: number;
  header: BackupHeader;
  ms: number;
}

/**
 * Write a backup of the database `client` is connected to into `file` (through `file.tmp`, renamed
 * when complete and flushed, so a file of that name is always whole). The client is left idle.
 */
export async function writeBackup(client: pg.ClientBase, file: string): Promise<BackupResult> {
  const began = Date.now();
  const tmp = `${file}.tmp`;
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    // The snapshot is taken by the first statement: everything below reads that one moment.
    const server = (await client.query<{ v: string }>(`SELECT current_setting('server_version') AS v`)).rows[0]!.v;
    const order = await tablesInLoadOrder(client);
    const migrations = order.some((t) => t.name === '_prisma_migrations')
      ? (
          await client.query<{ name: string; checksum: string }>(
            `SELECT migration_name AS name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`,
          )
        ).rows
      : [];
    if (!migrations.length)
      throw new Error('this database has no kahu schema (no migrations applied): nothing to back up');
    const tables: BackupTable[] = [];
    for (const t of order)
      tables.push({ ...t, rows: Number((await client.query(`SELECT count(*) AS n FROM ${ident(t.name)}`)).rows[0].n) });
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      version: BACKUP_FORMAT_VERSION,
      kahu: KAHU_VERSION,
      createdAt: new Date().toISOString(),
      server: `PostgreSQL ${server}`,
      migrations,
      tables,
    };
    await testPauseInSnapshot();

    const gz = zlib.createGzip();
    const out = fs.createWriteStream(tmp, { mode: 0o600 });
    const done = pipeline(gz, out);
    const write = async (b: Buffer | string) => {
      if (!gz.write(b)) await once(gz, 'drain');
    };
    try {
      await write(JSON.stringify(header) + '\n');
      for (const t of tables) {
        let lines = 0;
        const rows = client.query(copyTo(`COPY ${ident(t.name)} (${t.columns.map(ident).join(', ')}) TO STDOUT`));
        for await (const chunk of rows as AsyncIterable<Buffer>) {
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
          await write(chunk);
        }
        if (lines !== t.rows)
          throw new Error(`table ${t.name}: ${lines} rows copied, ${t.rows} counted in the same snapshot`);
        await write(END);
      }
      gz.end();
      await done;
    } catch (err) {
      gz.destroy();
      await done.catch(() => {});
      fs.rmSync(tmp, { force: true });
      throw err;
    }
    const fd = fs.openSync(tmp, 'r');
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
    return { file, bytes: fs.statSync(file).size, header, ms: Date.now() - began };
  } finally {
    await client.query('ROLLBACK').catch(() => {});
  }
}

/**
 * Fault-injection hook for test/reliability/backup.test.ts only: with KAHU_TEST_BACKUP_PAUSE_MS
 * set, the backup announces on stdout that its snapshot is taken and waits that long before
 * copying rows, so the test can commit orders and an adjudication in between. Unset, nothing.
 */
async function testPauseInSnapshot(): Promise<void> {
  const ms = Number(process.env.KAHU_TEST_BACKUP_PAUSE_MS ?? 0);
  if (!(ms > 0)) return;
  process.stdout.write('kahu-test-hook: backup snapshot taken\n');
  await new Promise((r) => setTimeout(r, ms));
}

/** Lines of a stream, each with its newline (the last one without, if the stream ends without). */
class LineReader {
  private buf: Buffer = Buffer.alloc(0);
  private pos = 0;
  private ended = false;
  private it: AsyncIterator<Buffer>;
  constructor(stream: AsyncIterable<Buffer>) {
    this.it = stream[Symbol.asyncIterator]();
  }
  async close(): Promise<void> {
    await this.it.return?.();
  }
  async line(): Promise<Buffer | null> {
    for (;;) {
      const i = this.buf.indexOf(10, this.pos);
      if (i !== -1) {
        const l = this.buf.subarray(this.pos, i + 1);
        this.pos = i + 1;
        return l;
      }
      if (this.ended) {
        if (this.pos >= this.buf.length) return null;
        const l = this.buf.subarray(this.pos);
        this.pos = this.buf.length;
        return l;
      }
      const n = await this.it.next();
      if (n.done) {
        this.ended = true;
        continue;
      }
      this.buf = this.pos < this.buf.length ? Buffer.concat([this.buf.subarray(this.pos), n.value]) : n.value;
      this.pos = 0;
    }
  }
}

function openBackup(file: string): LineReader {
  const gunzip = fs.createReadStream(file).pipe(zlib.createGunzip());
  return new LineReader(gunzip);
}

function parseHeader(line: Buffer | null, file: string): BackupHeader {
  let h: any;
  try {
    h = JSON.parse(line?.toString('utf8') ?? '');
  } catch {
    h = null;
  }
  if (!h || h.format !== BACKUP_FORMAT || !Number.isInteger(h.version))
    throw new Error(`${file} is not a kahu backup (no "${BACKUP_FORMAT}" header on its first line)`);
  if (h.version > BACKUP_FORMAT_VERSION)
    throw new Error(
      `${file} is a kahu backup of format version ${h.version}, written by kahu ${h.kahu}; this kahu reads versions up to ${BACKUP_FORMAT_VERSION}: restore it with that kahu or a later one`,
    );
  if (!Array.isArray(h.tables) || !Array.isArray(h.migrations))
    throw new Error(`${file}: its header has no table or migration list`);
  return h as BackupHeader;
}

/** The header of a backup file (its first line). */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const r = openBackup(file);
  try {
    return parseHeader(await r.line(), file);
  } finally {
    await r.close();
  }
}

export interface RestoreSummary {
  header: BackupHeader;
  /** Migrations applied after the rows were loaded (those newer than the backup). */
  applied: string[];
  accounts: number;
  games: { active: number; total: number };
  phases: { open: number; total: number };
  pendingMail: number;
}

/** Rows in the tables of the current schema, other than the migration history (none: the database is empty). */
async function rowsIn(c: pg.ClientBase): Promise<{ name: string; rows: number }[]> {
  const names = (
    await c.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'p') AND relname <> '_prisma_migrations' ORDER BY relname`,
    )
  ).rows;
  const out: { name: string; rows: number }[] = [];
  for (const { name } of names) {
    const n = Number((await c.query(`SELECT count(*) AS n FROM ${ident(name)}`)).rows[0].n);
    if (n > 0) out.push({ name, rows: n });
  }
  return out;
}

/**
 * Restore `file` into the database at `url`, which must hold no kahu rows. The schema is made by
 * kahu's migrations up to the backup's, the rows loaded in one transaction (a failure leaves no
 * row behind), the serial counters set past the rows, then the later migrations applied.
 */
export async function restoreBackup(url: string, file: string): Promise<RestoreSummary> {
  const reader = openBackup(file);
  try {
    return await restoreFrom(reader, url, file);
  } finally {
    await reader.close();
  }
}

async function restoreFrom(reader: LineReader, url: string, file: string): Promise<RestoreSummary> {
  const header = parseHeader(await reader.line(), file);
  const known = new Map(readMigrations().map((m) => [m.name, m]));
  const unknown = header.migrations.filter((m) => !known.has(m.name));
  if (unknown.length)
    throw new Error(
      `${file} was written by a newer kahu (${header.kahu}): its migration ${unknown.map((m) => m.name).join(', ')} is not in this kahu's prisma/migrations; restore it with that version`,
    );

  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    const filled = await rowsIn(c);
    if (filled.length)
      throw new Error(
        `the target database is not empty (${filled.map((t) => `${t.name}: ${t.rows} rows`).join(', ')}): restore into a new database, or a new DATA_DIR for the embedded one`,
      );
    const hasHistory = (await c.query(`SELECT to_regclass('"_prisma_migrations"') IS NOT NULL AS x`)).rows[0].x;
    if (hasHistory) {
      const ahead = (
        await c.query<{ name: string }>(
          `SELECT migration_name AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
        )
      ).rows.filter((r) => !header.migrations.some((m) => m.name === r.name));
      if (ahead.length)
        throw new Error(
          `the target database has kahu's schema at a later migration than the backup (${ahead.map((r) => r.name).join(', ')}): restore into a new, empty database`,
        );
    }
    await migrate(url, { only: header.migrations.map((m) => m.name) });

    const present = new Map(
      (
        await c.query<{ name: string; columns: string[] }>(
          `SELECT c.relname AS name, array_agg(a.attname::text) AS columns FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') GROUP BY c.relname`,
        )
      ).rows.map((r) => [r.name, new Set(r.columns)]),
    );
    for (const t of header.tables) {
      const cols = present.get(t.name);
      if (!cols) throw new Error(`${file}: table ${t.name} is not in the schema its migrations make`);
      const missing = t.columns.filter((x) => !cols.has(x));
      if (missing.length)
        throw new Error(`${file}: table ${t.name} has columns ${missing.join(', ')} that its migrations do not make`);
    }

    await c.query('BEGIN');
    try {
      // The migration history is the backup's own (its times and ids), not the one just written.
      if (header.tables.some((t) => t.name === '_prisma_migrations')) await c.query('TRUNCATE "_prisma_migrations"');
      for (const t of header.tables) {
        const into = c.query(copyFrom(`COPY ${ident(t.name)} (${t.columns.map(ident).join(', ')}) FROM STDIN`));
        const loaded = new Promise<void>((resolve, reject) => {
          into.on('finish', resolve);
          into.on('error', reject);
        });
        let rows = 0;
        let batch: Buffer[] = [];
        let size = 0;
        const flush = async () => {
          if (!batch.length) return;
          const b = Buffer.concat(batch);
          batch = [];
          size = 0;
          if (!into.write(b)) await Promise.race([once(into, 'drain'), loaded]);
        };
        for (;;) {
          const line = await reader.line();
          if (line === null || line[line.length - 1] !== 10) {
            into.destroy();
            throw new Error(
              `${file} ends in the middle of table ${t.name} (after ${rows} of ${t.rows} rows): the file is cut short`,
            );
          }
          if (line.equals(END)) break;
          rows++;
          batch.push(line);
          size += line.length;
          if (size >= 1 << 16) await flush();
        }
        await flush();
        into.end();
        await loaded;
        if (rows !== t.rows) throw new Error(`${file}: table ${t.name} holds ${rows} rows, its header says ${t.rows}`);
      }
      if ((await reader.line()) !== null) throw new Error(`${file} has data after its last table`);
      // Serial columns (seq) continue after the highest value restored.
      const serials = (
        await c.query<{ tbl: string; col: string; seq: string }>(
          `SELECT c.relname AS tbl, a.attname AS col, pg_get_serial_sequence(format('%I.%I', n.nspname, c.relname), a.attname) AS seq
           FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
          WHERE n.oid = current_schema()::regnamespace AND c.relkind IN ('r', 'p')`,
        )
      ).rows.filter((r) => r.seq);
      for (const s of serials)
        await c.query(`SELECT setval($1, COALESCE((SELECT max(${ident(s.col)}) FROM ${ident(s.tbl)}), 0) + 1, false)`, [
          s.seq,
        ]);
      await c.query('COMMIT');
    } catch (err) {
      await c.query('ROLLBACK').catch(() => {});
      throw err;
    }
    const { applied } = await migrate(url);
    const count = async (sql: string) => Number((await c.query(sql)).rows[0].n);
    return {
      header,
      applied,
      accounts: await count(`SELECT count(*) AS n FROM "Account"`),
      games: {
        active: await count(`SELECT count(*) AS n FROM "Game" WHERE status = 'active'`),
        total: await count(`SELECT count(*) AS n FROM "Game"`),
      },
      phases: {
        open: await count(`SELECT count(*) AS n FROM "Phase" WHERE status = 'open'`),
        total: await count(`SELECT count(*) AS n FROM "Phase"`),
      },
      pendingMail: await count(`SELECT count(*) AS n FROM "OutboxMail" WHERE status = 'pending'`),
    };
  } finally {
    await c.end();
  }
}
