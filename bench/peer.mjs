// The peer of bench:api (issue 28): a bare fastify + pg service on the same PostgreSQL, under the
// same load generator. One route checks a small JSON body and INSERTs one row per request with a
// durable commit, nothing else. kahu's submission rate is printed as a ratio of this one's.
//   node bench/peer.mjs   (env: DATABASE_URL, PORT, HOST, DB_POOL_SIZE)
import Fastify from 'fastify';
import pg from 'pg';

// A durable commit for every request, whatever the server's default.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DB_POOL_SIZE ?? 16), options: '-c synchronous_commit=on' });
await pool.query(`CREATE TABLE IF NOT EXISTS peer_submission (
  id bigserial PRIMARY KEY, game text NOT NULL, token text NOT NULL, orders jsonb NOT NULL, at timestamptz NOT NULL DEFAULT now())`);

const app = Fastify({ logger: false });
app.get('/health', async () => ({ ok: true }));
app.put('/games/:id/orders', {
  schema: {
    params: { type: 'object', properties: { id: { type: 'string', maxLength: 64 } }, required: ['id'] },
    body: {
      type: 'object', additionalProperties: false, required: ['orders'],
      properties: { orders: { type: 'array', maxItems: 40, items: { type: 'string', maxLength: 200 } } },
    },
  },
}, async (req, reply) => {
  const auth = req.headers.authorization ?? '';
  if (!auth.startsWith('Bearer ')) return reply.code(401).send({ error: 'no token' });
  await pool.query('INSERT INTO peer_submission (game, token, orders) VALUES ($1, $2, $3)', [req.params.id, auth.slice(7), JSON.stringify(req.body.orders)]);
  return { ok: true };
});
await app.listen({ port: Number(process.env.PORT), host: process.env.HOST ?? '127.0.0.1' });
process.on('SIGTERM', async () => { await app.close(); await pool.end(); process.exit(0); });
