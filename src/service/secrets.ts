// Secrets the server needs are generated, never derived: on first start a random reply secret is
// written to the database (so every API and worker process on it signs the same addresses), and
// read from there afterwards. REPLY_SECRET, when set, is used instead.
import crypto from 'node:crypto';
import type { Config } from '../config.ts';

interface Queryable { query<R = any>(sql: string, params?: unknown[]): Promise<{ rows: R[] }> }

export async function loadReplySecret(config: Config, pool: Queryable): Promise<void> {
  if (config.inbound.replySecret) return;
  await pool.query(`INSERT INTO "ServerSecret" (name, value) VALUES ('reply', $1) ON CONFLICT (name) DO NOTHING`, [crypto.randomBytes(32).toString('base64url')]);
  const r = await pool.query<{ value: string }>(`SELECT value FROM "ServerSecret" WHERE name = 'reply'`);
  config.inbound.replySecret = r.rows[0]!.value;
}
