// DESTROY (6.0): the owner removes one of its Canoes from the map (no VP to anyone).
import { unitWord } from '../rules/words.ts';
import { isHex, unit, unitName } from '../state.ts';
import type { DestroyCanoeAction, MWKind } from './types.ts';

export const destroyCanoe: MWKind<DestroyCanoeAction> = {
  kind: 'destroyCanoe',
  problem(s, _side, a) {
    const u = unit(s, a.unit)!;
    return u.kind === 'canoe' && isHex(u.at) ? null : 'only a Canoe on the map may be destroyed by its owner';
  },
  apply(s, side, a, lines) {
    const u = unit(s, a.unit)!;
    lines.push(`${side} destroys ${unitName(s, u)} (no VP).`);
    u.at = 'box';
  },
  // Written by the player; not listed among the options.
  options: () => [],
  describe: (s, a) => `DESTROY ${unitWord(s, a.unit)}`,
};
