// Draws Aloha's board as SVG: the five islands from the Hawaiian coastlines (the Heiau map's
// geometry, Natural Earth), on each the players' Pure Hawaiian tokens and Action tokens as
// counters, and a legend with every player's score and resources (a g.legend under the sea, which
// the web lifts out as a list under the map). It takes the view, never the state. Pure: text in, text out.
import { ringsOf, type MapGeometry } from '../maps/geometry.ts';
import { esc } from './svg.ts';

export interface AlohaBoardView {
  stage: string;
  turn: { role: string; to: string } | null;
  king: string | null;
  islands: { island: string; pureHawaiian: Record<string, number>; actionTokens: Record<string, number> }[];
  players: {
    role: string;
    score: number;
    pureHawaiian: number;
    aloha: number;
    commerce: number;
    warriors: number;
    homeRule: number;
    cards: string[];
  }[];
}

// Okabe–Ito colours for the players, each with its letter (colour is never the only sign).
const COLOURS: Record<string, [string, string]> = {
  Red: ['#D55E00', '#fff'],
  Yellow: ['#F0E442', '#000'],
  Green: ['#009E73', '#fff'],
  Blue: ['#0072B2', '#fff'],
};
const f = (n: number) => Math.round(n * 10) / 10;

function box(path: string): { x0: number; y0: number; x1: number; y1: number } {
  const pts = ringsOf(path).flat();
  return {
    x0: Math.min(...pts.map((p) => p[0])),
    y0: Math.min(...pts.map((p) => p[1])),
    x1: Math.max(...pts.map((p) => p[0])),
    y1: Math.max(...pts.map((p) => p[1])),
  };
}

export function renderAlohaBoard(
  geometry: MapGeometry,
  view: AlohaBoardView,
  options: { title?: string } = {},
): string {
  const [, , w, hMap] = geometry.viewBox;
  const legendH = 40 + 22 * view.players.length;
  const h = hMap + legendH;
  const out: string[] = [];
  const title = options.title ?? `Aloha: ${view.stage}`;
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${f(h)}" role="img" aria-label="${esc(title)}" font-family="DejaVu Sans, sans-serif">`,
  );
  out.push(`<title>${esc(title)}</title>`);
  // The sea is the map's part only: where it ends, the web cuts the legend off the drawing.
  out.push(`<rect width="${w}" height="${hMap}" fill="#b3d1e8"/>`);
  const playing = new Set(view.islands.map((i) => i.island));
  for (const [name, path] of Object.entries(geometry.islands)) {
    out.push(
      `<path d="${esc(path)}" fill="${playing.has(name) ? '#eadbb8' : '#d9d2c0'}" stroke="#7a6a4f" stroke-width="1"${playing.has(name) ? ` data-island="${esc(name)}"` : ''}/>`,
    );
  }
  for (const i of view.islands) {
    const path = geometry.islands[i.island];
    if (!path) continue;
    const b = box(path);
    const cx = (b.x0 + b.x1) / 2;
    const cy = (b.y0 + b.y1) / 2;
    out.push(
      `<text class="island-name" x="${f(cx)}" y="${f(b.y0 - 8)}" text-anchor="middle" font-size="14" font-weight="bold" fill="#3b2f1e">${esc(i.island)}</text>`,
    );
    const here = view.players.filter((p) => (i.pureHawaiian[p.role] ?? 0) > 0 || (i.actionTokens[p.role] ?? 0) > 0);
    // Counters on a grid over the island: a row for a long, thin island, two columns otherwise.
    const cols = b.x1 - b.x0 > 2.5 * (b.y1 - b.y0) ? Math.max(1, here.length) : Math.min(2, Math.max(1, here.length));
    const rows = Math.ceil(here.length / cols);
    const step = 40;
    here.forEach((p, k) => {
      const col = k % cols,
        row = Math.floor(k / cols);
      const x = cx + (col - (Math.min(cols, here.length) - 1) / 2) * step;
      // Inside a big island; below a small one, where the counters would hide it.
      const inside = b.y1 - b.y0 > rows * step + 30;
      const y = inside ? cy + (row - (rows - 1) / 2) * step : b.y1 + 22 + row * step;
      const [fill, ink] = COLOURS[p.role] ?? ['#999', '#000'];
      const n = i.pureHawaiian[p.role] ?? 0;
      const a = i.actionTokens[p.role] ?? 0;
      out.push(
        `<g class="tokens" data-role="${esc(p.role)}" data-island="${esc(i.island)}"><title>${esc(`${p.role} on ${i.island}: ${n} Pure Hawaiian tokens, ${a} Action token${a === 1 ? '' : 's'}`)}</title>`,
      );
      out.push(`<circle cx="${f(x)}" cy="${f(y)}" r="17" fill="${fill}" stroke="#222" stroke-width="1.2"/>`);
      out.push(
        `<text x="${f(x)}" y="${f(y + 4.5)}" text-anchor="middle" font-size="12" font-weight="bold" fill="${ink}">${esc(p.role[0]!)}${n}</text>`,
      );
      for (let t = 0; t < a; t++)
        out.push(
          `<rect x="${f(x - 13 + t * 7)}" y="${f(y + 19)}" width="5" height="5" fill="${fill}" stroke="#222" stroke-width=".8"/>`,
        );
      out.push('</g>');
    });
  }
  // Legend: each player's standing.
  let y = hMap + 22;
  out.push(`<rect x="0" y="${hMap}" width="${w}" height="${legendH}" fill="#fbf8f1"/>`);
  out.push('<g class="legend">');
  out.push(
    `<text x="12" y="${y}" font-size="14" font-weight="bold" fill="#222">${esc(view.stage)}${view.turn ? ` — ${esc(view.turn.role)} to ${esc(view.turn.to)}` : ''}${view.king ? ` · King/Queen token: ${esc(view.king)}` : ''}</text>`,
  );
  for (const p of view.players) {
    y += 22;
    const [fill, ink] = COLOURS[p.role] ?? ['#999', '#000'];
    out.push(
      `<rect x="12" y="${y - 13}" width="16" height="16" fill="${fill}" stroke="#222"/><text x="20" y="${y}" text-anchor="middle" font-size="10" fill="${ink}">${esc(p.role[0]!)}</text>`,
    );
    out.push(
      `<text x="36" y="${y}" font-size="13" fill="#222">${esc(`${p.role}: ${p.score} points · Pure Hawaiian ${p.pureHawaiian} · Aloha ${p.aloha} · Commerce ${p.commerce} · Warriors ${p.warriors} · Home Rule ${p.homeRule} · ${p.cards.length} card${p.cards.length === 1 ? '' : 's'}`)}</text>`,
    );
  }
  out.push('</g></svg>');
  return out.join('');
}
