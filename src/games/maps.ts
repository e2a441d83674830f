// Maps of a game for one reader: the game module's view of a phase, drawn by the renderer, with
// the orders that reader may see. The service asks here; it knows nothing of reports or shapes.
import { getVariant } from '../diplomacy/variants/index.ts';
import { mapGeometry, ringsOf, type Point } from '../maps/geometry.ts';
import { mailCrop, mailPanels } from '../render/mail-crop.ts';
import { renderDiplomacyMap, type BoardView, type DrawnOrder } from '../render/diplomacy-map.ts';
import { renderHawaii1795Map, type HodBoardView } from '../render/hawaii1795-map.ts';
import { renderAlohaBoard, type AlohaBoardView } from '../render/aloha-board.ts';
import { renderMaoriWarsMap } from '../render/maori-wars-map.ts';
import { mapOf, type MWState } from '../maori-wars/state.ts';
import { maoriWarsBoard, type MaoriWarsView } from './maori-wars-board.ts';
import type { DiplomacyReport, DiplomacyState, DiplomacySubmission } from './diplomacy.ts';
import type { GameModule, Viewer } from '../contract/types.ts';

export interface MapRequest {
  module: GameModule;
  /** The state at the start of the phase. */
  state: unknown;
  /** The phase's report once adjudicated: its orders are drawn with their results. */
  report?: unknown;
  /** The reader's own accepted orders of an open phase, drawn as sent. */
  own?: { role: string; accepted: unknown };
  viewer: Viewer;
  title: string;
  /** Maori Wars' hex numbers left out (default drawn): the web page draws those in view itself. */
  hexNumbers?: boolean;
}

/** The id of the drawing of a game module's map (a Diplomacy variant, the Hawaii 1795 scenario). */
function geometryId(module: GameModule): string {
  // Aloha is played on the five islands of the Heiau map's coastlines.
  return module.id === 'hawaii1795' ? 'hawaii-1795' : module.id === 'aloha' ? 'heiau' : module.id;
}

/** Whether a game module has a drawn map. */
export function hasMap(module: GameModule): boolean {
  // Maori Wars carries its own hex map in its data (a moderator's map included).
  if (module.id === 'maori-wars') return true;
  return mapGeometry(geometryId(module)) !== null;
}

/** The map as SVG for the reader, or null when the game has no drawing. */
export function drawMap(req: MapRequest): string | null {
  if (!hasMap(req.module)) return null;
  if (req.module.id === 'maori-wars') {
    const map = mapOf(req.state as MWState);
    return renderMaoriWarsMap(map, maoriWarsBoard(map, req.module.view(req.state, req.viewer) as MaoriWarsView), {
      title: req.title,
      hexNumbers: req.hexNumbers,
    });
  }
  if (req.module.id === 'aloha')
    return renderAlohaBoard(mapGeometry('heiau')!, req.module.view(req.state, req.viewer) as AlohaBoardView, {
      title: req.title,
    });
  if (req.module.id === 'hawaii1795') {
    const board = req.module.view(req.state, req.viewer) as HodBoardView;
    const seas = Object.fromEntries(
      (req.state as { scenario: { spaces: { id: string; name: string }[] } }).scenario.spaces.map((x) => [
        x.id,
        x.name,
      ]),
    );
    return renderHawaii1795Map(mapGeometry('hawaii-1795')!, board, { title: req.title, spaceNames: seas });
  }
  const state = req.state as DiplomacyState;
  const variant = getVariant(state.variant)!;
  const board = req.module.view(state, req.viewer) as BoardView;
  const orders: DrawnOrder[] = [];
  const report = req.report as DiplomacyReport | undefined;
  // Orders are public once adjudicated; a ballot has none to draw.
  for (const o of report?.phases?.[0]?.orders ?? [])
    if (o.reading) orders.push({ power: o.power, reading: o.reading, result: o.result, reason: o.reason });
  if (!report && req.own)
    for (const o of (req.own.accepted as DiplomacySubmission).orders ?? [])
      orders.push({ power: req.own.role, reading: o.reading });
  return renderDiplomacyMap(variant, mapGeometry(state.variant)!, board, { orders, title: req.title });
}

/**
 * Where the reader's own units stand on the drawing (map units), as the reader's own view shows
 * them: what a mail's map is cropped around. Empty for the moderator, an observer and a player
 * with nothing on the board.
 */
export function readerPoints(req: MapRequest): Point[] {
  if (req.viewer.kind !== 'player' || !hasMap(req.module)) return [];
  const role = req.viewer.role;
  if (req.module.id === 'maori-wars') {
    const map = mapOf(req.state as MWState);
    const centre = new Map(map.hexes.map((h) => [h.id, h.centre] as const));
    const view = req.module.view(req.state, req.viewer) as MaoriWarsView;
    const units = view.units.filter((u) => u.side === role && u.hex).map((u) => centre.get(u.hex!));
    // A side with no unit on the map yet: its structures.
    const held = units.length ? units : view.structures.filter((x) => x.side === role).map((x) => centre.get(x.hex));
    return held.filter((p): p is [number, number] => !!p);
  }
  if (req.module.id === 'aloha') {
    const islands = mapGeometry('heiau')!.islands;
    const view = req.module.view(req.state, req.viewer) as AlohaBoardView;
    const out: Point[] = [];
    for (const i of view.islands) {
      if (!((i.pureHawaiian[role] ?? 0) > 0 || (i.actionTokens[role] ?? 0) > 0) || !islands[i.island]) continue;
      const pts = ringsOf(islands[i.island]!).flat();
      const xs = pts.map((p) => p[0]),
        ys = pts.map((p) => p[1]);
      const cx = (Math.min(...xs) + Math.max(...xs)) / 2;
      // The island's name above it and its counters, which a small island has below it.
      out.push([cx, Math.min(...ys) - 20], [cx, Math.max(...ys) + 30]);
    }
    return out;
  }
  if (req.module.id === 'hawaii1795') {
    const geometry = mapGeometry('hawaii-1795')!;
    const board = req.module.view(req.state, req.viewer) as HodBoardView;
    return board.spaces
      .filter((sp) => sp.units.some((u) => u.owner === role) && geometry.spaces[sp.id])
      .map((sp) => geometry.spaces[sp.id]!.unit);
  }
  const state = req.state as DiplomacyState;
  const variant = getVariant(state.variant);
  const geometry = mapGeometry(state.variant);
  if (!variant || !geometry) return [];
  const board = req.module.view(state, req.viewer) as BoardView;
  const out: Point[] = [];
  for (const u of [...board.units, ...(board.dislodged ?? [])]) {
    if (u.power !== role) continue;
    const loc = u.location;
    const l = variant.map.location(loc);
    const g = geometry.spaces[variant.map.provinceOf(loc)?.id ?? ''];
    if (g) out.push((l?.coast && g.coasts?.[l.coast]) || g.unit);
  }
  return out;
}

/** The board's part of each game's drawing, without its legend or side panel. */
function boardBounds(req: MapRequest): [number, number, number, number] {
  if (req.module.id === 'maori-wars') return mapOf(req.state as MWState).drawing.viewBox;
  return mapGeometry(geometryId(req.module))!.viewBox;
}

/**
 * The map a mail shows its reader: cropped around their units, with the whole board small below,
 * at the width where its names are 11 px (src/render/mail-crop.ts): a Diplomacy board in one
 * part, the others in parts 600 px wide. `width` null: not cropped (no units of the reader's), the
 * whole board as the web draws it.
 */
export function drawMailMap(req: MapRequest): { svg: string; width: number | null } | null {
  const svg = drawMap(req);
  if (svg === null) return null;
  const points = readerPoints(req);
  if (!points.length) return { svg, width: null };
  if (['maori-wars', 'aloha', 'hawaii1795'].includes(req.module.id)) {
    const p = mailPanels(svg, points, {
      bounds: boardBounds(req),
      // Hex numbers, the grid and the hexes' tap targets are too fine to see on the small board.
      overviewDrop: [/<path class="(?:hex-numbers|grid)"[^>]*\/>/g, /<g class="hexes"[^>]*>[\s\S]*?<\/g>/],
    });
    return { svg: p.svg, width: p.width };
  }
  const c = mailCrop(svg, points);
  return { svg: c.svg, width: c.width };
}
