// The shipped data (branches mw-map and mw-tables: map, tables, counter mix, scenario) turned into
// the shape the engine plays (data-types.ts). A moderator's replacement files go through the same
// schemas and the same translation.
import { builtInCounters, type CounterMix } from './counters-schema.ts';
import type { EngineScenario, EngineTables, MWData, UnitKind, Where } from './data-types.ts';
import { NO_EFFECT } from './data-types.ts';
import { MaoriWarsMapSchema } from './map-schema.ts';
import { loadScenario, type Location, type Scenario } from './scenario-schema.ts';
import { builtInTables, type Tables } from './tables-schema.ts';
import { TERRAIN } from './terrain.ts';
import map from './data/north-island.json' with { type: 'json' };

const OUTCOME = { 'ally-with-you': 'ally', 'stay-neutral': 'none', 'ally-with-opponent': 'allyOpponent' } as const;
type SideName = 'british' | 'queenite' | 'maori' | 'neutral';

function kindOf(kind: string, side: SideName): UnitKind {
  if (kind === 'warriors') return side === 'queenite' ? 'queenite' : side === 'neutral' ? 'neutral' : 'warrior';
  return kind as UnitKind;
}

export function adaptTables(t: Tables, counters: CounterMix): EngineTables {
  const c = t.combatResults;
  const col = (rows: typeof c.columns.lesser) =>
    rows.map((r) => ({
      defender: { hits: r.hits, disrupt: r.disrupt, retreat: r.retreat },
      attacker: r.roller ?? NO_EFFECT,
    }));
  const vp = (event: string, structure?: string) =>
    t.victory.list.find((x) => x.event === event && (!structure || x.structure === structure))?.vp ?? 0;
  const movement = {} as Record<UnitKind, number>;
  for (const x of counters.counters)
    if (x.type === 'unit') {
      const k = kindOf(x.kind, x.side);
      movement[k] ??= x.movement;
    }
  const m = t.combatModifiers;
  return {
    unofficial: t.unofficial,
    provenance: t.provenance,
    crt: {
      minRoll: c.minRoll,
      lesser: col(c.columns.lesser),
      equal: col(c.columns.equal),
      greater: col(c.columns.greater),
    },
    bombardment: {
      units: t.bombardment.columns.maoriUnits.map((r) => ({ hits: r.hits, disrupt: r.disrupt, retreat: r.retreat })),
      canoes: t.bombardment.columns.canoes.map((r) => ({ hits: r.hits, disrupt: r.disrupt, retreat: r.retreat })),
      pa: t.bombardment.columns.pa.map((r) => r.pa),
      neutral: t.bombardment.columns.neutralMaori.map((r) => OUTCOME[r]),
    },
    negotiation: {
      minRoll: t.negotiation.minRoll,
      results: t.negotiation.results.map((r) => OUTCOME[r]),
      soleBritishLeader: t.negotiation.soleBritishLeader.value,
      maoriLeader: t.negotiation.maoriLeader.value,
    },
    bdChits: t.battleDispatch.chits.map((ch) => {
      const e = ch.effects;
      const only = e.length === 1 ? e[0]! : null;
      const effect =
        only?.type === 'none'
          ? { type: 'plan' as const }
          : only?.type === 'call-off'
            ? { type: 'noCombat' as const }
            : only?.type === 'drm' && only.rolls.includes('attack')
              ? { type: 'drm' as const, side: only.side, value: only.value }
              : { type: 'other' as const };
      return { number: ch.number, title: ch.title, text: ch.text, asterisk: ch.asterisk, effect, effects: ch.effects };
    }),
    movement,
    leaderMovement: counters.counters.find((x) => x.type === 'leader')?.movement,
    drm: {
      fortPaOccupied: m.fortPaOccupied.value,
      fortPaUnoccupied: m.fortPaUnoccupied.value,
      rough: m.rough.value,
      cavalryCharge: m.cavalryCharge.value,
      militiaWithoutInfantry: m.militiaWithoutInfantry.value,
    },
    raidDrm: {
      rangersWithLeader: m.raid.rangersWithLeader.value,
      maori: m.raid.maori.value,
      militia: m.raid.militia.value,
      againstInfantry: m.raid.againstInfantry.value,
    },
    victory: { decisive: t.victory.decisive, minor: t.victory.levels.minor, major: t.victory.levels.major },
    vp: {
      settlement: vp('structure-destroyed', 'settlement'),
      village: vp('structure-destroyed', 'village'),
      fort: vp('structure-destroyed', 'fort'),
      pa: vp('structure-destroyed', 'pa'),
      townOccupied: vp('town-occupied'),
      unit: vp('unit-eliminated'),
      leader: 0,
      canoeByBritish: vp('canoe-taken'),
      fortBuilt: -vp('fort-built'),
    },
  };
}

function where(l: Location | undefined, sc: Scenario): Where {
  if (!l) return { box: 'reinforcement' };
  switch (l.at) {
    case 'place':
      return { place: l.place };
    case 'direction':
      return { place: l.place, hexes: l.hexes, direction: l.direction };
    case 'away':
      return { place: l.place, away: l.hexes };
    case 'adjacent':
      return { place: l.place, away: 1 };
    case 'within':
      return { place: l.place, within: l.hexes };
    case 'reinforcement-box':
      return { box: 'reinforcement' };
    case 'bush-raider':
      return {
        territory:
          l.territory ??
          (sc.designatedArea.areas.find((a) => a.kind === 'territories') as { territories: string[] } | undefined)
            ?.territories[0] ??
          'unknown',
      };
  }
}

export function adaptScenario(sc: Scenario, counters: CounterMix): EngineScenario {
  const leaderName = (id: string) => counters.counters.find((x) => x.type === 'leader' && x.id === id)?.name ?? id;
  const leaders: EngineScenario['leaders'] = {};
  for (const x of counters.counters)
    if (x.type === 'leader') leaders[x.name] = { category: x.side, ...(x.rangers ? { rangerLeader: true } : {}) };
  const player = (side: SideName) =>
    (side === 'neutral' ? 'Neutral' : side === 'maori' ? 'Maori' : 'British') as 'Neutral' | 'Maori' | 'British';
  const rules = sc.specialInstructions.flatMap((x) => x.rules);
  const setup: EngineScenario['setup'] = [];
  for (const sec of sc.setup)
    for (const g of sec.groups) {
      setup.push({
        side: player(g.side),
        ...(g.side === 'queenite' ? { queenite: true } : {}),
        at: where(g.location, sc),
        structures: g.structures.flatMap((x) => Array(x.count).fill(x.kind)),
        units: g.units.map((u) => ({ kind: kindOf(u.kind, g.side), count: u.count })),
        leaders: g.leaders.map(leaderName),
      });
    }
  for (const b of sc.reinforcementBox)
    setup.push({
      side: player(b.side),
      at: { box: 'reinforcement' },
      structures: [],
      units: b.units.map((u) => ({ kind: kindOf(u.kind, b.side), count: u.count })),
      leaders: [],
    });
  const automatic: EngineScenario['automatic'] = [];
  const automaticLeaders: EngineScenario['automaticLeaders'] = [];
  for (const r of sc.reinforcements) {
    const side = player(r.side) as 'Maori' | 'British';
    for (const u of r.units)
      automatic.push({ turn: r.turn, side, kind: kindOf(u.kind, r.side), count: u.count, at: where(r.location, sc) });
    for (const l of r.leaders)
      automaticLeaders.push({ turn: r.turn, side, name: leaderName(l), at: where(r.location, sc) });
  }
  const fortLimit = rules.find((r) => r.type === 'fort-limit');
  const sea = rules.find((r) => r.type === 'sea-shipment');
  return {
    id: sc.id,
    name: sc.name,
    unofficial: sc.unofficial,
    provenance: sc.provenance,
    turns: sc.turns,
    designatedArea: sc.designatedArea.areas.flatMap((a) => (a.kind === 'territories' ? a.territories : [])),
    removeChits: rules.flatMap((r) => (r.type === 'remove-chits' ? r.chits : [])),
    reinforcementsPerTurn: sc.reinforcementsPerPhase,
    ...(fortLimit && fortLimit.type === 'fort-limit' ? { maxForts: fortLimit.max } : {}),
    militiaNoBushRaid: rules.some((r) => r.type === 'no-bush-raider' && r.kinds.includes('militia')),
    leaders,
    setup,
    automatic,
    automaticLeaders,
    ...(sc.sapMarker ? { sapMarker: true } : {}),
    ...(sea && sea.type === 'sea-shipment'
      ? {
          seaShipment: {
            turn: sea.turn,
            from: sea.from,
            artillery: sea.artillery,
            units: sea.units,
            ...sea.destination,
          },
        }
      : {}),
  };
}

/** The shipped map, tables and Hōne Heke's Challenge, in the engine's shape. */
export function shippedData(
  scenarioId = 'hone-hekes-challenge',
): Omit<MWData, 'terrain'> & { terrain: typeof TERRAIN } {
  const counters = builtInCounters();
  const tables = builtInTables();
  return {
    map: MaoriWarsMapSchema.parse(map),
    tables: adaptTables(tables, counters),
    scenario: adaptScenario(loadScenario(scenarioId, undefined, counters, tables), counters),
    terrain: TERRAIN,
  };
}
