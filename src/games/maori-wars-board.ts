// The Maori Wars view of one reader turned into what the hex map draws. Only the view is read
// (never the state), so the map shows no more than the reader's view does.
import type { MaoriWarsMap } from '../maori-wars/map-schema.ts';
import type { MaoriWarsBoard, MwSide, MwStructureKind, MwUnit, MwUnitKind } from '../render/maori-wars-map.ts';

interface ViewUnit {
  kind: string;
  side: string;
  leader?: string;
  hex: string | null;
  territory: string | null;
  disrupted: boolean;
}
interface ViewStructure {
  kind: string;
  side: string;
  queenite: boolean;
  hex: string;
  disrupted: boolean;
}
/** The part of maoriWars.view the map needs. */
export interface MaoriWarsView {
  turn: number;
  lastTurn: number;
  side: string;
  phase: string;
  victoryPoints: { marker: number };
  units: ViewUnit[];
  structures: ViewStructure[];
  result: unknown;
}

function sideOf(owner: string, queenite: boolean): MwSide {
  if (queenite) return 'queenite';
  return owner === 'British' ? 'british' : owner === 'Maori' ? 'maori' : 'neutral';
}

function unitOf(u: ViewUnit): MwUnit {
  // Neutral warriors are warriors on the Neutral side; Queenites fight for the British but have their own colour.
  const kind = (u.kind === 'neutral' ? 'warrior' : u.kind) as MwUnitKind;
  return {
    kind,
    side: sideOf(u.side, u.kind === 'queenite'),
    ...(u.leader ? { name: u.leader } : {}),
    ...(u.disrupted ? { disrupted: true } : {}),
  };
}

export function maoriWarsBoard(map: MaoriWarsMap, view: MaoriWarsView, highlights: string[] = []): MaoriWarsBoard {
  const hexes: MaoriWarsBoard['hexes'] = {};
  const at = (hex: string) => (hexes[hex] ??= { structures: [], units: [] });
  for (const x of view.structures)
    at(x.hex).structures.push({
      kind: x.kind as MwStructureKind,
      side: sideOf(x.side, x.queenite),
      ...(x.disrupted ? { disrupted: true } : {}),
    });
  for (const u of view.units) if (u.hex) at(u.hex).units.push(unitOf(u));
  // The view names a unit's Bush Raider territory; the inset is keyed by the map's territory ids.
  const territoryId = new Map(map.territories.map((t) => [t.name, t.id]));
  const bushRaider: MaoriWarsBoard['bushRaider'] = Object.fromEntries(
    map.territories.map((t) => [t.id, [] as MwUnit[]]),
  );
  for (const u of view.units)
    if (u.territory && territoryId.has(u.territory)) bushRaider[territoryId.get(u.territory)!].push(unitOf(u));
  const m = view.victoryPoints.marker;
  return {
    hexes,
    bushRaider,
    turn: {
      current: Math.min(view.turn, view.lastTurn),
      last: view.lastTurn,
      label: view.result ? 'Game over' : `${view.side} ${view.phase}`,
    },
    vp: { side: m > 0 ? 'british' : m < 0 ? 'maori' : null, points: Math.abs(m) },
    highlights,
  };
}
