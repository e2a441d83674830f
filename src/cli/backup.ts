// `npm run backup -- FILE` and `npm run restore -- FILE` (docs/backup.md), on the database kahu
// runs on (src/db/target.ts): DATABASE_URL, or the embedded one under $DATA_DIR/pg.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { environment, loadConfig } from '../config.ts';
import { formatBytes, readBackupHeader, restoreBackup, writeBackup } from '../db/backup.ts';
import { kahuDatabase } from '../db/target.ts';

const USAGE = 'usage: npm run backup -- FILE   |   npm run restore -- FILE';

const database = (create: boolean) => kahuDatabase(loadConfig(environment()), { create });

async function backup(file: string, shown: string): Promise<void> {
  const db = await database(false);
  try {
    const c = new pg.Client({ connectionString: db.url });
    await c.connect();
    try {
      const r = await writeBackup(c, file);
      const rows = Object.fromEntries(r.header.tables.map((t) => [t.name, t.rows]));
      process.stdout.write(
        `backup of ${db.where} written to ${shown}: ${formatBytes(r.bytes)} in ${(r.ms / 1000).toFixed(1)} s\n` +
          `  ${rows.Account ?? 0} accounts, ${rows.Game ?? 0} games, ${rows.Phase ?? 0} phases, ${rows.Submission ?? 0} submissions, ${rows.OutboxMail ?? 0} mails\n` +
          `  schema at migration ${r.header.migrations.at(-1)!.name} (kahu ${r.header.kahu}, format ${r.header.version})\n`,
      );
    } finally {
      await c.end();
    }
  } finally {
    await db.stop();
  }
}

async function restore(file: string, shown: string): Promise<void> {
  await readBackupHeader(file); // a file that is not a backup is refused before any database is touched
  const db = await database(true);
  try {
    const began = Date.now();
    const s = await restoreBackup(db.url, file);
    process.stdout.write(
      `restored ${shown} (written ${s.header.createdAt} by kahu ${s.header.kahu}) into ${db.where} in ${((Date.now() - began) / 1000).toFixed(1)} s:\n` +
        `  ${s.accounts} accounts, ${s.games.total} games (${s.games.active} active), ${s.phases.total} phases (${s.phases.open} open), ${s.pendingMail} mails pending\n` +
        (s.applied.length ? `  migrations applied after the restore: ${s.applied.join(', ')}\n` : '') +
        `Start kahu on it: phases whose deadline passed are adjudicated at its first sweep, and pending mail is sent.\n`,
    );
  } finally {
    await db.stop();
  }
}

async function main(argv = process.argv.slice(2)): Promise<void> {
  const [command, given, ...rest] = argv;
  if (!given || rest.length || (command !== 'backup' && command !== 'restore')) throw new Error(USAGE);
  // npm runs scripts in the package's folder: FILE is relative to where `npm run` was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), given);
  if (command === 'backup') await backup(file, given);
  else {
    if (!fs.existsSync(file)) throw new Error(`${given}: no such file`);
    await restore(file, given);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`kahu ${process.argv[2] ?? ''}: ${err?.message ?? err}\n`);
    process.exit(1);
  },
);
