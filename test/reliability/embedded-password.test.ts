// The embedded PostgreSQL's superuser password is generated on first start and kept beside its
// data with mode 0600: another local user cannot log in with a password known from the source.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { passwordFile, startEmbeddedPostgres } from '../../src/db/embedded.ts';
import { freePort } from '../../src/db/scratch.ts';

describe('the embedded PostgreSQL password', () => {
  it('is random, kept 0600 beside the data, and the one the server uses after a restart', {
    timeout: 120_000,
  }, async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'kahu-pgpw-'));
    fs.chmodSync(root, 0o755); // as root, initdb runs as the postgres user
    const dir = path.join(root, 'pg');
    const port = await freePort();
    let server = await startEmbeddedPostgres({ dir, port });
    try {
      const file = passwordFile(dir);
      const password = fs.readFileSync(file, 'utf8');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(password.length).toBeGreaterThanOrEqual(24);
      expect(password).not.toBe('kahu-embedded');
      expect(server.url).toContain(encodeURIComponent(password));
      const legacy = new pg.Client({
        connectionString: `postgresql://postgres:kahu-embedded@127.0.0.1:${port}/postgres`,
      });
      await expect(legacy.connect()).rejects.toThrow(/password/);
      await legacy.end().catch(() => {});
      await server.stop();
      server = await startEmbeddedPostgres({ dir, port });
      expect(fs.readFileSync(file, 'utf8')).toBe(password);
      const c = new pg.Client({ connectionString: server.url });
      await c.connect();
      expect((await c.query('SELECT 1 AS one')).rows[0].one).toBe(1);
      await c.end();
    } finally {
      await server.stop();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
