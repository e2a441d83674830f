// Draws a Hand of Destiny board (Hawaii 1795) as SVG from the scenario's geometry and what one
// reader may see: each side's stack in a space as a counter (strength, leaders, canoes), enemy
// stacks under the fog of war as a counter that shows only how many units hide there, forts and
// their markers. It takes the view, never the state. Pure: text in, text out.
import type { MapGeometry, Point } from '../maps/geometry.ts';
import { esc } from './svg.ts';

export interface HodUnitView {
  id: string;
  name: string;
  kind: string;
  strength: number;
  elite: boolean;
  owner: string | null;
}
export interface HodSpaceView {
  id: string;
  name: string;
  fort: boolean;
  fortMarker: string | null;
  units: HodUnitView[];
  hidden: { side: string; count: number }[];
  /** 11.8: the side holding the beach after a won sea battle (the other holds the space). */
  beach?: string | null;
}
/** What the map needs of the Hand of Destiny view. */
export interface HodBoardView {
  game: string;
  turn: { label: string };
  sides: { id: string; name: string }[];
  spaces: HodSpaceView[];
}

// Colour-blind-safe colours (Okabe–Ito) for the two sides and the neutrals, each with a letter.
const SIDE_COLOURS = ['#E69F00', '#0072B2', '#999999', '#009E73'];
const f = (n: number) => Math.round(n * 10) / 10;
const NEUTRAL = 'neutral';

export function renderHawaii1795Map(
  geometry: MapGeometry,
  board: HodBoardView,
  options: { title?: string; spaceNames?: Record<string, string> } = {},
): string {
  const [vx, vy, vw, vh] = geometry.viewBox;
  const s = vw / 1000;
  const sideName = (id: string | null) =>
    board.sides.find((x) => x.id === id)?.name ??
    (id && id !== NEUTRAL ? `${id[0].toUpperCase()}${id.slice(1)} (neutral)` : 'Neutral');
  const owners = [...board.sides.map((x) => x.id)];
  for (const sp of board.spaces)
    for (const u of sp.units) if (!owners.includes(u.owner ?? NEUTRAL)) owners.push(u.owner ?? NEUTRAL);
  const colour = (id: string | null) =>
    SIDE_COLOURS[Math.max(0, owners.indexOf(id ?? NEUTRAL)) % SIDE_COLOURS.length] ?? '#999';
  const letter = (id: string | null) => sideName(id)[0].toUpperCase();
  const spaceNames = options.spaceNames ?? {};

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${vx} ${vy} ${vw} ${vh + 40 * s}" role="img" font-family="DejaVu Sans, Verdana, sans-serif">`,
  );
  out.push(`<title>${esc(options.title ?? `${board.game}: ${board.turn.label}`)}</title>`);
  out.push(`<rect x="${vx}" y="${vy}" width="${vw}" height="${vh}" fill="#c9def0"/>`);
  // Islands that are no space (Niihau, Lanai, Kahoolawe) under the spaces.
  out.push('<g class="islands">');
  for (const path of Object.values(geometry.islands))
    out.push(`<path d="${esc(path)}" fill="#ece3c8" stroke="#8a7a58" stroke-width="${f(0.5 * s)}"/>`);
  out.push('</g>');
  out.push('<g class="spaces">');
  for (const [id, g] of Object.entries(geometry.spaces)) {
    const land = board.spaces.some((x) => x.id === id);
    const name = board.spaces.find((x) => x.id === id)?.name ?? spaceNames[id] ?? id;
    // A land space carries its id for the page's taps (a move's destination).
    out.push(
      `<path d="${esc(g.path)}"${land ? ` data-space="${esc(id)}"` : ''} fill="${land ? '#f2e8c9' : '#d4e6f5'}" stroke="#6d5b3b" stroke-width="${f(0.8 * s)}" stroke-linejoin="round"><title>${esc(name)}</title></path>`,
    );
  }
  out.push('</g>');
  out.push(`<g class="labels" font-size="${f(9 * s)}" text-anchor="middle" fill="#3b3222">`);
  for (const [id, g] of Object.entries(geometry.spaces)) {
    const sp = board.spaces.find((x) => x.id === id);
    const full = sp?.name ?? spaceNames[id];
    if (!full) continue;
    // Where the full name does not fit, leave out its parenthesis: O'ahu-1 (Waikiki) -> O'ahu-1.
    const name = g.room !== undefined && full.length * 5.2 * s > g.room ? full.replace(/\s*\(.*\)\s*/, '') : full;
    // A land space's name goes under its stacks; a channel's at its label point.
    const [lx, ly] = sp ? [g.unit[0], g.unit[1] + 21 * s] : [g.label[0], g.label[1] + 3 * s];
    out.push(
      `<text x="${f(lx)}" y="${f(ly)}"${sp ? ' stroke="#f2e8c9" stroke-width="' + f(2 * s) + '" paint-order="stroke"' : ' font-style="italic" fill="#2f5878"'}>${esc(name)}</text>`,
    );
  }
  out.push('</g>');

  // Forts, with the marker's owner.
  out.push('<g class="forts">');
  for (const sp of board.spaces) {
    const g = geometry.spaces[sp.id];
    if (!g || !sp.fort) continue;
    const [x, y] = g.marker ?? g.label;
    const fill = sp.fortMarker ? colour(sp.fortMarker) : '#fff';
    out.push(
      `<g class="fort"><title>Fort in ${esc(sp.name)}${sp.fortMarker ? `, held by ${esc(sideName(sp.fortMarker))}` : ''}</title>` +
        `<path d="M${f(x - 6 * s)},${f(y + 5 * s)}v${f(-8 * s)}h${f(2.4 * s)}v${f(2.5 * s)}h${f(2.4 * s)}v${f(-2.5 * s)}h${f(2.4 * s)}v${f(2.5 * s)}h${f(2.4 * s)}v${f(-2.5 * s)}h${f(2.4 * s)}v${f(8 * s)}z" fill="${fill}" stroke="#222" stroke-width="${f(0.8 * s)}"/></g>`,
    );
  }
  out.push('</g>');

  // Stacks: one counter per side in each space, side by side around the space's unit point.
  out.push('<g class="stacks">');
  for (const sp of board.spaces) {
    const g = geometry.spaces[sp.id];
    if (!g) continue;
    const groups: { owner: string | null; units: HodUnitView[]; hidden?: number }[] = [];
    for (const u of sp.units) {
      const grp = groups.find((x) => x.owner === u.owner && x.hidden === undefined);
      if (grp) grp.units.push(u);
      else groups.push({ owner: u.owner, units: [u] });
    }
    for (const h of sp.hidden) groups.push({ owner: h.side, units: [], hidden: h.count });
    groups.forEach((grp, i) => {
      const [cx, cy] = g.unit;
      const x = cx + (i - (groups.length - 1) / 2) * 30 * s;
      out.push(counter(sp, grp, [x, cy]));
    });
  }
  out.push('</g>');

  // Legend.
  out.push(`<g class="legend" font-size="${f(9 * s)}">`);
  owners.forEach((id, i) => {
    const x = vx + 8 * s + i * 200 * s,
      y = vy + vh + 18 * s;
    out.push(
      `<rect x="${f(x)}" y="${f(y - 9 * s)}" width="${f(16 * s)}" height="${f(12 * s)}" rx="${f(2 * s)}" fill="${colour(id)}" stroke="#222" stroke-width="${f(0.6 * s)}"/>` +
        `<text x="${f(x + 8 * s)}" y="${f(y)}" text-anchor="middle" font-weight="bold" font-size="${f(7.5 * s)}">${esc(letter(id))}</text><text x="${f(x + 21 * s)}" y="${f(y)}">${esc(sideName(id))}</text>`,
    );
  });
  // The key on a line of its own, under the sides: beside them it ran into the last side's name.
  out.push(
    `<text x="${f(vx + 8 * s)}" y="${f(vy + vh + 33 * s)}" fill="#333">A counter: its total strength, ★ a leader, a canoe and their number; a dashed “hidden ×N”: N units hidden by the fog of war</text>`,
  );
  out.push('</g></svg>');
  return out.join('\n');

  function counter(
    sp: HodSpaceView,
    grp: { owner: string | null; units: HodUnitView[]; hidden?: number },
    [x, y]: Point,
  ): string {
    const c = colour(grp.owner);
    // A hidden stack's counter is wider: it spells "hidden".
    const w = (grp.hidden !== undefined ? 30 : 26) * s,
      h = 22 * s;
    const box = `<rect x="${f(x - w / 2)}" y="${f(y - h / 2)}" width="${f(w)}" height="${f(h)}" rx="${f(3 * s)}" fill="${c}" stroke="#1b1b1b" stroke-width="${f(1 * s)}"${grp.hidden !== undefined ? ' stroke-dasharray="3 2"' : ''}/>`;
    if (grp.hidden !== undefined) {
      const title = `${sideName(grp.owner)}: ${grp.hidden} unit${grp.hidden === 1 ? '' : 's'} ${sp.beach && sp.beach === grp.owner ? 'on the beach of' : 'in'} ${sp.name}, hidden by the fog of war`;
      return (
        `<g class="stack hidden" data-space="${esc(sp.id)}" data-side="${esc(grp.owner ?? NEUTRAL)}"><title>${esc(title)}</title>${box}` +
        // "hidden" over "×9": a "?9" read as "79" at a phone's size.
        `<text x="${f(x)}" y="${f(y - 2 * s)}" font-size="${f(7.5 * s)}" text-anchor="middle">hidden</text>` +
        `<text x="${f(x)}" y="${f(y + 8 * s)}" font-size="${f(9.5 * s)}" font-weight="bold" text-anchor="middle">×${grp.hidden}</text></g>`
      );
    }
    const fighting = grp.units.filter((u) => u.kind !== 'canoe' && u.kind !== 'earthworks');
    const strength = fighting.reduce((a, u) => a + u.strength, 0);
    const leaders = grp.units.filter((u) => u.kind === 'leader').length;
    const canoes = grp.units.filter((u) => u.kind === 'canoe').length;
    const where = sp.beach && sp.beach === grp.owner ? `on the beach of ${sp.name}` : `in ${sp.name}`;
    const title = `${sideName(grp.owner)} ${where}: ${grp.units.map((u) => `${u.name}${u.kind === 'canoe' || u.strength === 0 ? '' : ` (${u.strength}${u.elite ? ', elite' : ''})`}`).join(', ')}`;
    const marks = `${leaders ? '★'.repeat(Math.min(leaders, 3)) : ''}${canoes ? ` ${canoes}` : ''}`;
    // A canoe is drawn, not written: the fonts have no canoe.
    const canoe = canoes
      ? `<path d="M${f(x + (leaders ? 1 : -5) * s)},${f(y + 5.5 * s)}q${f(3 * s)},${f(2.5 * s)} ${f(6 * s)},0z" fill="#1b1b1b"/>`
      : '';
    return (
      `<g class="stack" data-space="${esc(sp.id)}" data-side="${esc(grp.owner ?? NEUTRAL)}" data-strength="${strength}"><title>${esc(title)}</title>${box}` +
      `<text x="${f(x)}" y="${f(y + (marks ? 1 : 4) * s)}" font-size="${f(10 * s)}" font-weight="bold" text-anchor="middle">${strength}</text>` +
      (marks
        ? `<text x="${f(x + (canoes ? 2 : 0) * s)}" y="${f(y + 8.5 * s)}" font-size="${f(6 * s)}" text-anchor="middle">${marks}</text>${canoe}`
        : '') +
      '</g>'
    );
  }
}
