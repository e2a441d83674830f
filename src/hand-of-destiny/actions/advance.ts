// Planning only (no order word): close the phases before `phase` with their defaults, as the first
// line of that phase would; the web page and the choices look ahead with it.
import type { SideTurn } from '../turn.ts';
import { type HodAction, type HodKind, tried } from './kind.ts';

type Advance = Extract<HodAction, { kind: 'advance' }>;

const apply = (t: SideTurn, _by: string, a: Advance) => t.advanceTo(a.phase);
const PHASES = ['removal', 'recruit', 'move', 'battle'] as const;
const ORDER = ['card', 'removal', 'recruit', 'fort', 'move', 'battle', 'end'];

export const advance: HodKind<Advance> = {
  kind: 'advance',
  words: [],
  rank: 0,
  problem: tried(apply),
  apply,
  options: (t) =>
    PHASES.filter((p) => ORDER.indexOf(p) >= ORDER.indexOf(t.phase)).map(
      (phase): Advance => ({ kind: 'advance', phase }),
    ),
  describe: (_t, a) => `(to the ${a.phase} phase, the phases before it with their defaults)`,
  // Not part of what is resolved: the deadline closes every phase with its defaults anyway.
  submit: () => {},
};
