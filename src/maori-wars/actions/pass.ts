// PASS: nothing (more) this phase.
import type { MWKind, PassAction } from './types.ts';

export const pass: MWKind<PassAction> = {
  kind: 'pass',
  problem: () => null,
  apply: () => {},
  // Every phase may be passed; the options list what may be done besides.
  options: () => [],
  describe: () => 'PASS',
};
