// Vitest global setup of every project: the Prisma client is generated, not committed, and service
// code the pure tests import (src/service/games.ts) reaches it.
import path from 'node:path';
import { execFileSync } from 'node:child_process';

export default function setup() {
  execFileSync(process.execPath, [path.resolve('prisma/generate.mjs')], { stdio: 'inherit' });
}
