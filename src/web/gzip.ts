// Text answers worth it (maps as SVG, the web client's page, script and style) go gzipped to a
// client that accepts gzip: the Maori Wars map is about 700 KB as text and a tenth of it gzipped,
// and a phone's first view carries two maps. The API's small JSON answers (its hot path) are left
// as they are.
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const MIN_BYTES = 1024;
/** Gzipped bodies by key (an ETag: the same bytes), the newest few hundred. */
const cache = new Map<string, Buffer>();

export function acceptsGzip(req: FastifyRequest): boolean {
  return /\bgzip\b/i.test(String(req.headers['accept-encoding'] ?? ''));
}

export function gzip(body: string | Buffer): Buffer {
  return zlib.gzipSync(body, { level: 6 });
}

/** Sends `body` (its type already set), gzipped when the client takes it and it is worth it. */
export function sendText(req: FastifyRequest, reply: FastifyReply, body: string | Buffer, key?: string) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  if (!acceptsGzip(req) || Buffer.byteLength(body) < MIN_BYTES) return reply.send(body);
  let z = key ? cache.get(key) : undefined;
  if (!z) {
    z = gzip(body);
    if (key) {
      cache.set(key, z);
      if (cache.size > 300) cache.delete(cache.keys().next().value!);
    }
  }
  return reply.header('content-encoding', 'gzip').send(z);
}
