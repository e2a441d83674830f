// The pool renews its connections (src/db/client.ts): a prepared statement's cached generic plan
// lives as long as its connection, so a connection that outlives the statistics it planned with
// would keep scanning a table that has grown. A new connection plans again.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPool } from '../../src/db/client.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/db.ts';

let tdb: TestDatabase;
beforeAll(async () => {
  tdb = await createTestDatabase({ migrate: false });
});
afterAll(async () => {
  await tdb?.drop();
});

it('a connection is replaced once its lifetime is over, with its prepared statements', async () => {
  const pool = createPool(tdb.url, 1, 1);
  try {
    const backend = async () =>
      (await pool.query<{ pid: number }>({ name: 'backend-pid', text: 'SELECT pg_backend_pid() AS pid' })).rows[0].pid;
    const first = await backend();
    expect(await backend()).toBe(first);
    await new Promise((r) => setTimeout(r, 1500));
    // The expired connection is closed when it comes back to the pool; the next query gets a new one.
    await backend();
    const later = await backend();
    expect(later).not.toBe(first);
    const prepared = await pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_prepared_statements WHERE name = 'backend-pid'`,
    );
    expect(Number(prepared.rows[0].n)).toBe(1);
  } finally {
    await pool.end();
  }
});
