// The order reader: one action a line, units by leader name or by kind and place ("warrior 0812",
// "disrupted infantry Kororareka"), hexes as "CCRR" or a place name. It reads exactly what
// describe() writes, so every option's text is accepted as it is.
import type { StructureKind } from './data-types.ts';
import type { Action, BombardTarget } from './actions/types.ts';
import { STANDING_SYNTAX } from './standing.ts';
import { targetsAt, TARGET_WORDS } from './rules/guns.ts';
import { norm, readHex, ReadError } from './rules/words.ts';
import { dataOf, isHex, LOSS_KINDS, mapOf, other, placeName, type MWState, type Side, type Unit } from './state.ts';

export { norm, readHex, ReadError };

const KIND_WORDS: Record<string, Unit['kind']> = {
  warrior: 'warrior',
  warriors: 'warrior',
  maori: 'warrior',
  taua: 'warrior',
  queenite: 'queenite',
  queenites: 'queenite',
  neutral: 'neutral',
  artillery: 'artillery',
  cavalry: 'cavalry',
  infantry: 'infantry',
  militia: 'militia',
  constabulary: 'constabulary',
  naval: 'naval',
  marines: 'naval',
  rangers: 'rangers',
  ranger: 'rangers',
  gunboat: 'gunboat',
  gunboats: 'gunboat',
  canoe: 'canoe',
  canoes: 'canoe',
  waka: 'canoe',
};
/** Kinds a reinforcement chit may bring (STANDING REINFORCE). */
export const REINFORCE_KINDS = [...LOSS_KINDS.filter((k) => k !== 'neutral'), 'gunboat', 'canoe'];
const STRUCT_WORDS: Record<string, StructureKind> = {
  settlement: 'settlement',
  village: 'village',
  fort: 'fort',
  pa: 'pa',
};
export const HELP = [
  'MOVE <units> TO <hexes> | TRANSPORT <boat> WITH <units> TO <hexes> | DESTROY <canoe> | REINFORCE <kind> AT <hex> | ATTACK <hex> WITH <hexes> [CHARGE] [ADVANCE] | NEGOTIATE <leader> WITH <hex> | SHIP <units> TO <hex> | SAP <Pa hex> FROM <hex> | LEADER <leader> TO <hex> (after a NEGOTIATE) | BOMBARD <hex> [UNITS|CANOES|PA|NEUTRALS] | CARRY <canoe> WITH <unit> TO <hexes> | RAIDER <unit> | RAID <hex> WITH <units> FROM <hex> [WITH <units> FROM <hex>…] | RAID <enemy unit> WITH <units> | BUSH <unit> TO <territory> | LEAVE <unit> TO <hex> | RALLY <unit> WITH <leader> | BUILD SETTLEMENT|VILLAGE|FORT|PA AT <hex> | REPAIR <hex>',
  ...STANDING_SYNTAX,
  'PASS',
].join(' | ');

/** A list of hexes separated by spaces or commas; place names may be several words. */
export function readHexes(s: MWState, text: string): string[] {
  const words = text.split(/[\s,]+/).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < words.length; ) {
    let hit: [string, number] | null = null;
    for (let j = words.length; j > i; j--) {
      try {
        hit = [readHex(s, words.slice(i, j).join(' ')), j];
        break;
      } catch {
        /* try a shorter name */
      }
    }
    if (!hit) throw new ReadError(`'${words[i]}' is neither a hex (CCRR) nor a place on the map`);
    out.push(hit[0]);
    i = hit[1];
  }
  if (!out.length) throw new ReadError('name at least one hex');
  return out;
}

function readTerritory(s: MWState, text: string): string {
  const t = norm(text);
  const x = mapOf(s).territories.find((y) => norm(y.name) === t || y.id === t);
  if (!x) throw new ReadError(`'${text}' is not a territory of the Bush Raider Map`);
  return x.id;
}

/** A unit of `side`: a leader's name, or [disrupted] kind place. `taken`: units already named in this line. */
export function readUnit(s: MWState, side: Side, text: string, taken: string[] = []): Unit {
  const t = norm(text);
  const leader = s.units.find(
    (u) => u.kind === 'leader' && u.owner === side && u.at !== 'gone' && norm(u.name ?? '') === t,
  );
  if (leader) return leader;
  const m = /^(disrupted\s+)?(?:british\s+)?(\w+)\s+(.+)$/.exec(t);
  if (!m || !KIND_WORDS[m[2]!])
    throw new ReadError(`'${text}' is not a unit: give a leader's name or a kind and a place, e.g. "warrior 0812"`);
  const kind = KIND_WORDS[m[2]!]!;
  const place = m[3]!;
  let at: string;
  if (place === 'box' || place === 'reinforcement box') at = 'box';
  else if (place.startsWith('in ')) at = `bush:${readTerritory(s, place.slice(3))}`;
  else at = readHex(s, place);
  const cands = s.units.filter(
    (u) => u.owner === side && u.kind === kind && u.at === at && !taken.includes(u.id) && (m[1] ? u.disrupted : true),
  );
  const pick = cands.sort(
    (a, b) =>
      Number(a.disrupted) - Number(b.disrupted) ||
      Number(s.moved.includes(a.id)) - Number(s.moved.includes(b.id)) ||
      (s.mpSpent[a.id] ?? 0) - (s.mpSpent[b.id] ?? 0) ||
      a.id.localeCompare(b.id),
  )[0];
  if (!pick)
    throw new ReadError(
      `you have no ${m[1] ? 'Disrupted ' : ''}${kind} ${isHex(at) ? `at ${placeName(s, at)}` : at === 'box' ? 'in the Reinforcement Box' : `in ${place}`}`,
    );
  return pick;
}

function readUnits(s: MWState, side: Side, text: string): Unit[] {
  const taken: string[] = [];
  return text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => {
      const u = readUnit(s, side, x, taken);
      taken.push(u.id);
      return u;
    });
}

/** One line → its actions (a MOVE of several units is one move each). */
export function readLine(s: MWState, side: Side, line: string): Action[] {
  const text = line.trim();
  let m: RegExpExecArray | null;
  if (/^pass$/i.test(text)) return [{ kind: 'pass' }];
  if ((m = /^standing\s+evade\s+stay\s+(\w+)$/i.exec(text))) {
    if (/^default$/i.test(m[1]!)) return [{ kind: 'standing', key: 'evadeStay', value: '' }];
    if (!/^[1-9]$/.test(m[1]!))
      throw new ReadError(`STANDING EVADE STAY takes how many units remain (1 to 9) or DEFAULT, not '${m[1]}'`);
    return [{ kind: 'standing', key: 'evadeStay', value: m[1]! }];
  }
  if ((m = /^standing\s+evade\s+spread\s+(\w+)$/i.exec(text))) {
    const value = norm(m[1]!);
    if (!['always', 'never'].includes(value))
      throw new ReadError(`STANDING EVADE SPREAD takes ALWAYS or NEVER, not '${m[1]}'`);
    return [{ kind: 'standing', key: 'evadeSpread', value }];
  }
  if ((m = /^standing\s+(evade|counter|counterattack|counter-attack|absorb)\s+(\w+)$/i.exec(text))) {
    const key = norm(m[1]!).startsWith('counter') ? 'counter' : (norm(m[1]!) as 'evade' | 'absorb');
    const value = norm(m[2]!);
    const allowed = key === 'evade' ? ['always', 'never', 'weaker'] : ['always', 'never'];
    if (!allowed.includes(value))
      throw new ReadError(
        `STANDING ${key.toUpperCase()} takes ${allowed.map((x) => x.toUpperCase()).join(', ')}, not '${m[2]}'`,
      );
    return [{ kind: 'standing', key, value }];
  }
  if ((m = /^standing\s+(retreat|overstack)\s+toward\s+(.+)$/i.exec(text))) {
    const key = norm(m[1]!) === 'retreat' ? 'retreat' : 'overstackToward';
    return [{ kind: 'standing', key, value: /^default$/i.test(m[2]!.trim()) ? '' : readHex(s, m[2]!) }];
  }
  if ((m = /^standing\s+retreat\s+(\w+)$/i.exec(text))) {
    if (!/^default$/i.test(m[1]!)) throw new ReadError(`STANDING RETREAT takes TOWARD <hex> or DEFAULT, not '${m[1]}'`);
    return [{ kind: 'standing', key: 'retreat', value: '' }];
  }
  if ((m = /^standing\s+(losses|overstack)\s+(.+)$/i.exec(text))) {
    const key = norm(m[1]!) as 'losses' | 'overstack';
    const word = key.toUpperCase();
    if (/^default$/i.test(m[2]!.trim())) return [{ kind: 'standing', key, value: '' }];
    const kinds = m[2]!
      .split(',')
      .map((x) => norm(x).replace(/\s+/g, '').replace(/s$/, ''))
      .filter(Boolean)
      .map((x) => (x === 'warrior' || x === 'maoriwarrior' ? 'warrior' : x === 'queenitewarrior' ? 'queenite' : x));
    for (const k of kinds)
      if (!LOSS_KINDS.includes(k))
        throw new ReadError(
          `STANDING ${word} takes unit kinds (${LOSS_KINDS.join(', ')}) or DEFAULT${key === 'overstack' ? ', or TOWARD <hex>' : ''}, not '${k}'`,
        );
    return [{ kind: 'standing', key, value: kinds.join(',') }];
  }
  if ((m = /^standing\s+reinforce\s+(.+)$/i.exec(text))) {
    if (/^default$/i.test(m[1]!.trim())) return [{ kind: 'standing', key: 'reinforce', value: '' }];
    const kinds = m[1]!
      .split(',')
      .map((x) => norm(x).replace(/\s+/g, '').replace(/s$/, ''))
      .filter(Boolean)
      .map((x) => (x === 'maoriwarrior' ? 'warrior' : x === 'queenitewarrior' ? 'queenite' : x));
    for (const k of kinds)
      if (!REINFORCE_KINDS.includes(k))
        throw new ReadError(
          `STANDING REINFORCE takes unit kinds (${REINFORCE_KINDS.join(', ')}) or DEFAULT, not '${k}'`,
        );
    return [{ kind: 'standing', key: 'reinforce', value: kinds.join(',') }];
  }
  if ((m = /^standing\s+arrive\s+(.+)$/i.exec(text))) {
    if (/^default$/i.test(m[1]!.trim())) return [{ kind: 'standing', key: 'arrive', value: '' }];
    return [{ kind: 'standing', key: 'arrive', value: readHexes(s, m[1]!).join(',') }];
  }
  if ((m = /^standing\s+extra\s+charge\s+(\w+)$/i.exec(text))) {
    const value = norm(m[1]!);
    if (!['always', 'never'].includes(value))
      throw new ReadError(`STANDING EXTRA CHARGE takes ALWAYS or NEVER, not '${m[1]}'`);
    return [{ kind: 'standing', key: 'extraCharge', value }];
  }
  if ((m = /^standing\s+(counter\s+at|parley\s+at|extra\s+from|reply)\s+(.+)$/i.exec(text))) {
    const key = /^counter/i.test(m[1]!)
      ? 'counterAt'
      : /^parley/i.test(m[1]!)
        ? 'parleyAt'
        : /^extra/i.test(m[1]!)
          ? 'extraFrom'
          : 'reply';
    if (/^default$/i.test(m[2]!.trim())) return [{ kind: 'standing', key, value: '' }];
    return [{ kind: 'standing', key, value: readHexes(s, m[2]!).join(',') }];
  }
  if ((m = /^standing\s+attrition\s+(.+)$/i.exec(text))) {
    if (/^default$/i.test(m[1]!.trim())) return [{ kind: 'standing', key: 'attrition', value: '' }];
    return [{ kind: 'standing', key: 'attrition', value: readHexes(s, m[1]!).join(',') }];
  }
  if ((m = /^standing\s+targets\s+(.+)$/i.exec(text))) {
    if (/^default$/i.test(m[1]!.trim())) return [{ kind: 'standing', key: 'targets', value: '' }];
    return [{ kind: 'standing', key: 'targets', value: readHexes(s, m[1]!).join(',') }];
  }
  if ((m = /^standing\s+wounded\s+(.+)$/i.exec(text))) {
    if (/^default$/i.test(m[1]!.trim())) return [{ kind: 'standing', key: 'wounded', value: '' }];
    // The side's leaders: on the map or to come (a Neutral leader may ally with either side).
    const ours = side === 'British' ? ['british', 'queenite', 'neutral'] : ['maori', 'neutral'];
    const names = new Set([
      ...s.units.filter((u) => u.kind === 'leader' && u.owner === side).map((u) => u.name ?? ''),
      ...Object.entries(dataOf(s).scenario.leaders)
        .filter(([, l]) => ours.includes(l.category))
        .map(([k]) => k),
    ]);
    const value = m[1]!
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x) => {
        const n = [...names].find((y) => norm(y) === norm(x));
        if (!n)
          throw new ReadError(
            `STANDING WOUNDED takes leaders' names separated by commas, or DEFAULT: '${x}' is not one of your leaders in this scenario`,
          );
        return n;
      });
    return [{ kind: 'standing', key: 'wounded', value: value.join(',') }];
  }
  if ((m = /^standing\s+(extra|parley)\s+(\w+)$/i.exec(text))) {
    const key = norm(m[1]!) as 'extra' | 'parley';
    const value = norm(m[2]!);
    const allowed = key === 'extra' ? ['always', 'never', 'greater'] : ['always', 'never'];
    if (!allowed.includes(value))
      throw new ReadError(
        `STANDING ${key.toUpperCase()} takes ${allowed.map((x) => x.toUpperCase()).join(', ')}, not '${m[2]}'`,
      );
    return [{ kind: 'standing', key, value }];
  }
  if ((m = /^standing\s+(fort|fortretreat|fort-retreat)\s+(\w+)$/i.exec(text))) {
    const value = norm(m[2]!);
    if (!['stay', 'leave'].includes(value)) throw new ReadError(`STANDING FORT takes STAY or LEAVE, not '${m[2]}'`);
    return [{ kind: 'standing', key: 'fortRetreat', value }];
  }
  if ((m = /^standing\s+(bombard|bomb)\s+(\w+)$/i.exec(text))) {
    const value = norm(m[2]!);
    if (!['always', 'never'].includes(value))
      throw new ReadError(`STANDING BOMBARD takes ALWAYS or NEVER, not '${m[2]}'`);
    return [{ kind: 'standing', key: 'bombard', value }];
  }
  if ((m = /^move\s+(.+?)\s+to\s+(.+)$/i.exec(text))) {
    const path = readHexes(s, m[2]!);
    return readUnits(s, side, m[1]!).map((u) => ({ kind: 'move', unit: u.id, path }));
  }
  if ((m = /^transport\s+(.+?)\s+with\s+(.+?)\s+to\s+(.+)$/i.exec(text))) {
    const boat = readUnit(s, side, m[1]!);
    const cargo = readUnits(s, side, m[2]!);
    return [{ kind: 'transport', boat: boat.id, cargo: cargo.map((c) => c.id), path: readHexes(s, m[3]!) }];
  }
  if ((m = /^destroy\s+(.+)$/i.exec(text))) return [{ kind: 'destroyCanoe', unit: readUnit(s, side, m[1]!).id }];
  if ((m = /^reinforce\s+(\w+)\s+at\s+(.+)$/i.exec(text))) {
    const kind = KIND_WORDS[norm(m[1]!)];
    if (!kind) throw new ReadError(`'${m[1]}' is not a kind of unit`);
    const u = s.units.find((x) => x.owner === side && x.kind === kind && x.at === 'box');
    if (!u) throw new ReadError(`you have no ${kind} in the Reinforcement Box`);
    return [{ kind: 'reinforce', unit: u.id, hex: readHex(s, m[2]!) }];
  }
  if ((m = /^attack\s+(.+?)\s+with\s+(.+?)((?:\s+(?:charge|advance))*)$/i.exec(text))) {
    const flags = norm(m[3] ?? '');
    return [
      {
        kind: 'attack',
        target: readHex(s, m[1]!),
        from: readHexes(s, m[2]!),
        ...(flags.includes('charge') ? { charge: true } : {}),
        ...(flags.includes('advance') ? { advance: true } : {}),
      },
    ];
  }
  if ((m = /^negotiate\s+(.+?)\s+with\s+(.+)$/i.exec(text))) {
    const l = readUnit(s, side, m[1]!);
    if (l.kind !== 'leader') throw new ReadError('only leaders negotiate');
    return [{ kind: 'negotiate', leader: l.id, hex: readHex(s, m[2]!) }];
  }
  if ((m = /^raider\s+(.+)$/i.exec(text)))
    return readUnits(s, side, m[1]!).map((u) => ({ kind: 'bushEnter', unit: u.id }));
  if ((m = /^carry\s+(.+?)\s+with\s+(.+?)\s+to\s+(.+)$/i.exec(text)))
    return [
      {
        kind: 'carry',
        canoe: readUnit(s, side, m[1]!).id,
        carrier: readUnit(s, side, m[2]!).id,
        path: readHexes(s, m[3]!),
      },
    ];
  if ((m = /^bombard\s+(.+)$/i.exec(text))) {
    // 9.0 step 4: "your chosen target" names the column; without it, the one column the hex shows, if only one.
    const c = /^(.+?)\s+(units?|canoes?|pa|neutrals?)$/i.exec(m[1]!);
    const col: Record<string, BombardTarget> = {
      unit: 'units',
      units: 'units',
      canoe: 'canoes',
      canoes: 'canoes',
      pa: 'pa',
      neutral: 'neutral',
      neutrals: 'neutral',
    };
    if (c) {
      try {
        return [{ kind: 'bombard', hex: readHex(s, c[1]!), target: col[norm(c[2]!)]! }];
      } catch {
        /* a place whose name ends so ("Gate Pa") */
      }
    }
    const hex = readHex(s, m[1]!);
    const here = targetsAt(s, side, hex);
    if (here.length !== 1)
      throw new ReadError(
        here.length
          ? `name the column to bombard at ${m[1]}: ${here.map((x) => TARGET_WORDS[x]).join(', ')}`
          : `${m[1]} holds nothing to bombard`,
      );
    return [{ kind: 'bombard', hex, target: here[0]! }];
  }
  if ((m = /^leader\s+(.+?)\s+to\s+(.+)$/i.exec(text))) {
    const l = readUnit(s, side, m[1]!);
    if (l.kind !== 'leader') throw new ReadError(`'${m[1]}' is not one of your leaders`);
    return [{ kind: 'leaderMove', leader: l.id, to: readHex(s, m[2]!) }];
  }
  if ((m = /^sap\s+(.+?)\s+from\s+(.+)$/i.exec(text)))
    return [{ kind: 'sap', pa: readHex(s, m[1]!), hex: readHex(s, m[2]!) }];
  if ((m = /^ship\s+(.+?)\s+to\s+(.+)$/i.exec(text)))
    return [{ kind: 'ship', units: readUnits(s, side, m[1]!).map((u) => u.id), to: readHex(s, m[2]!) }];
  if ((m = /^raid\s+(.+?)\s+with\s+(.+?\s+from\s+.+)$/i.exec(text))) {
    // One or more landing hexes (10.0 option 3): "WITH <units> FROM <hex>", repeated.
    const taken: string[] = [];
    const groups = m[2]!.split(/\s+with\s+/i).map((g) => {
      const x = /^(.+?)\s+from\s+(.+)$/i.exec(g.trim());
      if (!x) throw new ReadError(`'${g}' is not "<units> FROM <hex>"`);
      const units = x[1]!
        .split(',')
        .map((y) => y.trim())
        .filter(Boolean)
        .map((y) => {
          const u = readUnit(s, side, y, taken);
          taken.push(u.id);
          return u.id;
        });
      return { units, from: readHex(s, x[2]!) };
    });
    const [first, ...also] = groups;
    return [
      {
        kind: 'raid',
        target: readHex(s, m[1]!),
        units: first!.units,
        from: first!.from,
        ...(also.length ? { also } : {}),
      },
    ];
  }
  if ((m = /^raid\s+(.+?)\s+with\s+(.+)$/i.exec(text))) {
    const e = readUnit(s, other(side), m[1]!);
    return [{ kind: 'bushRaid', enemy: e.id, units: readUnits(s, side, m[2]!).map((u) => u.id) }];
  }
  if ((m = /^bush\s+(.+?)\s+to\s+(.+)$/i.exec(text)))
    return [{ kind: 'bushMove', unit: readUnit(s, side, m[1]!).id, territory: readTerritory(s, m[2]!) }];
  if ((m = /^leave\s+(.+?)\s+to\s+(.+)$/i.exec(text)))
    return [{ kind: 'bushLeave', unit: readUnit(s, side, m[1]!).id, hex: readHex(s, m[2]!) }];
  if ((m = /^build\s+(\w+)\s+at\s+(.+)$/i.exec(text))) {
    const what = STRUCT_WORDS[norm(m[1]!)];
    if (!what) throw new ReadError(`one builds a Settlement, Village, Fort or Pa, not '${m[1]}'`);
    return [{ kind: 'build', what, hex: readHex(s, m[2]!) }];
  }
  if ((m = /^repair\s+(.+)$/i.exec(text))) return [{ kind: 'repair', hex: readHex(s, m[1]!) }];
  if ((m = /^rally\s+(.+?)\s+with\s+(.+)$/i.exec(text))) {
    const l = readUnit(s, side, m[2]!);
    if (l.kind !== 'leader') throw new ReadError(`'${m[2]}' is not one of your leaders`);
    // Units already given a leader by an earlier line are skipped (two Disrupted Warriors in one hex read as two units).
    return [{ kind: 'rally', unit: readUnit(s, side, m[1]!, Object.keys(s.rallies ?? {})).id, leader: l.id }];
  }
  const word = text.split(/\s+/)[0] ?? '';
  throw new ReadError(`'${word}' is not an order: ${HELP}`);
}
