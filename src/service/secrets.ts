// Secrets the server needs are generated, never derived: on first start a random reply secret and
// a DKIM key are written to the database (so every API and worker process on it signs the same
// addresses and mail), and read from there afterwards. REPLY_SECRET, when set, is used instead.
import crypto from 'node:crypto';
import type { Config } from '../config.ts';

interface Queryable {
  query<R = any>(sql: string, params?: unknown[]): Promise<{ rows: R[] }>;
}

async function serverSecret(pool: Queryable, name: string, make: () => string): Promise<string> {
  await pool.query(`INSERT INTO "ServerSecret" (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [
    name,
    make(),
  ]);
  const r = await pool.query<{ value: string }>(`SELECT value FROM "ServerSecret" WHERE name = $1`, [name]);
  return r.rows[0]!.value;
}

export async function loadReplySecret(config: Config, pool: Queryable): Promise<void> {
  if (config.inbound.replySecret) return;
  config.inbound.replySecret = await serverSecret(pool, 'reply', () => crypto.randomBytes(32).toString('base64url'));
}

/** The private key that signs the judge's mail (RSA 2048, PKCS#8 PEM); its public half is the DNS record (dkimRecord). */
export async function loadDkimKey(config: Config, pool: Queryable): Promise<void> {
  if (config.dkim.privateKey) return;
  config.dkim.privateKey = await serverSecret(pool, 'dkim', () =>
    crypto
      .generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
  );
}

/** The TXT record receivers look the judge's DKIM key up in: `<selector>._domainkey.<domain>`. */
export function dkimRecord(dkim: Config['dkim']): { name: string; value: string } {
  const p = crypto.createPublicKey(dkim.privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
  return { name: `${dkim.selector}._domainkey.${dkim.domain}`, value: `v=DKIM1; k=rsa; p=${p}` };
}
