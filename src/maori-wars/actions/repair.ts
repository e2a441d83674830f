// REPAIR (12.0): the turn's Construction removes the Disrupted marker from a friendly Structure.
import { hexWord } from '../rules/words.ts';
import { structureName, structuresAt } from '../state.ts';
import { constructionHexes } from './build.ts';
import type { MWKind, RepairAction } from './types.ts';

export const repair: MWKind<RepairAction> = {
  kind: 'repair',
  problem(s, side, a) {
    if (s.built) return 'only one Construction a turn';
    return structuresAt(s, a.hex).some((x) => x.owner === side && x.disrupted)
      ? null
      : 'no Disrupted friendly Structure there';
  },
  apply(s, side, a, lines) {
    s.built = true;
    const x = structuresAt(s, a.hex).find((y) => y.owner === side && y.disrupted)!;
    x.disrupted = false;
    lines.push(`The Disrupted marker is removed from ${structureName(s, x)}.`);
  },
  options: (s, side) =>
    s.built
      ? []
      : constructionHexes(s, side)
          .filter((hex) => structuresAt(s, hex).some((x) => x.owner === side && x.disrupted))
          .map((hex) => ({ kind: 'repair' as const, hex })),
  describe: (s, a) => `REPAIR ${hexWord(s, a.hex)}`,
};
