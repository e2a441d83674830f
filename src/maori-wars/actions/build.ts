// BUILD (12.0): one Construction a turn: a Settlement or Village within 3 hexes of a friendly
// Structure in the Designated Area, a British Fort on a Town or Settlement, a Pa on a Village.
import type { StructureKind } from '../data-types.ts';
import { distance } from '../hex.ts';
import { isEnemy } from '../movement.ts';
import { hexWord } from '../rules/words.ts';
import {
  dataOf,
  designated,
  gainVp,
  hexData,
  isHex,
  mapNeighbours,
  mapOf,
  placeName,
  sideUnits,
  structuresAt,
  unitsAt,
  type MWState,
  type Side,
} from '../state.ts';
import type { BuildAction, MWKind } from './types.ts';

function friendlyStructureWithin3(s: MWState, side: Side, hex: string): boolean {
  return s.structures.some((x) => x.owner === side && distance(x.hex, hex) <= 3);
}
function nearEnemy(s: MWState, side: Side, hex: string): boolean {
  return [hex, ...mapNeighbours(mapOf(s), hex)].some(
    (h) =>
      unitsAt(s, h).some((u) => isEnemy(side, u.owner) && u.kind !== 'leader') ||
      structuresAt(s, h).some((x) => isEnemy(side, x.owner) && !x.disrupted),
  );
}

/** The hexes a Construction may be made in: the side's units' and Structures' (in order). */
export function constructionHexes(s: MWState, side: Side): string[] {
  return [
    ...new Set([
      ...sideUnits(s, side)
        .filter((u) => isHex(u.at))
        .map((u) => u.at),
      ...s.structures.filter((x) => x.owner === side).map((x) => x.hex),
    ]),
  ].sort();
}

export const build: MWKind<BuildAction> = {
  kind: 'build',
  problem(s, side, { what, hex }) {
    if (s.built) return 'only one Construction a turn';
    if (!hexData(mapOf(s), hex)) return `${hex} is not on the map`;
    if (nearEnemy(s, side, hex)) return 'not in or next to an enemy unit or non-Disrupted enemy Structure';
    const here = structuresAt(s, hex);
    const mine = unitsAt(s, hex).filter((u) => u.owner === side && !u.disrupted);
    if (what === 'settlement' || what === 'village') {
      if (!designated(s, hex)) return 'nothing new outside the Designated Area';
      if (here.length) return 'there is a Structure there already';
      if (what === 'settlement' && (side !== 'British' || !mine.some((u) => u.kind === 'militia')))
        return 'a Settlement needs a non-Disrupted NZ Militia unit in the hex';
      if (what === 'village' && !mine.some((u) => u.kind === 'warrior' || u.kind === 'queenite'))
        return 'a Village needs a non-Disrupted Queenite or Maori unit in the hex';
      if (!friendlyStructureWithin3(s, side, hex)) return 'not within 3 hexes of a friendly Structure';
      return null;
    }
    if (what === 'fort') {
      if (side !== 'British') return 'only the British build Forts';
      const maxForts = dataOf(s).scenario.maxForts;
      if (maxForts !== undefined && s.fortsBuilt >= maxForts)
        return `the British may build only ${maxForts} Fort${maxForts === 1 ? '' : 's'} in this scenario`;
      if (here.some((x) => x.kind === 'fort')) return 'there is a Fort there already';
      if (!here.some((x) => x.owner === 'British' && (x.kind === 'town' || (x.kind === 'settlement' && !x.disrupted))))
        return 'a Fort upgrades a Town or a non-Disrupted Settlement';
      return null;
    }
    if (what === 'pa')
      return here.some((x) => x.owner === side && x.kind === 'village' && !x.disrupted)
        ? null
        : 'a Pa upgrades a friendly non-Disrupted Village';
    return 'Towns are printed on the map';
  },
  apply(s, side, { what, hex }, lines) {
    s.built = true;
    const here = structuresAt(s, hex);
    if (what === 'settlement' || what === 'village') {
      const queenite = side === 'British' && what === 'village';
      s.structures.push({
        id: `s${s.nextId++}`,
        kind: what,
        owner: side,
        hex,
        disrupted: false,
        ...(queenite ? { queenite } : {}),
      });
      // 1.0 "eliminating all Settlements" (or all Villages) counts once there has been one to eliminate.
      if (what === 'settlement') s.hadSettlements = true;
      if (what === 'village' && side === 'Maori') s.hadMaoriVillages = true;
    } else if (what === 'fort') {
      s.fortsBuilt++;
      const st = here.find((x) => x.kind === 'settlement');
      if (st) st.kind = 'fort';
      else s.structures.push({ id: `s${s.nextId++}`, kind: 'fort', owner: 'British', hex, disrupted: false });
      gainVp(s, 'Maori', dataOf(s).tables.vp.fortBuilt, 'the British expend VP to build a Fort', lines);
    } else if (what === 'pa') here.find((x) => x.kind === 'village')!.kind = 'pa';
    lines.push(
      `${side} builds a ${what === 'settlement' ? 'Settlement' : what === 'village' ? 'Village' : what === 'fort' ? 'Fort' : 'Pa'} at ${placeName(s, hex)}.`,
    );
  },
  options(s, side) {
    if (s.built) return [];
    const out: BuildAction[] = [];
    for (const hex of constructionHexes(s, side))
      for (const what of ['settlement', 'village', 'fort', 'pa'] as StructureKind[])
        if (!build.problem(s, side, { kind: 'build', what, hex })) out.push({ kind: 'build', what, hex });
    return out;
  },
  describe: (s, a) => `BUILD ${a.what.toUpperCase()} AT ${hexWord(s, a.hex)}`,
};
