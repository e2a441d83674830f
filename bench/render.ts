// Map rendering speed: SVG from the map data and a view, and PNG from that SVG (resvg).
// `npm run -s bench:render`. Prints per-map times; the targets are SVG < 5 ms, PNG < 150 ms.
// Wall-clock times, and the process's CPU time per run beside them: the machine is shared, and
// CPU time shows the work when other processes make the wall clock wait.
import os from 'node:os';
import { mapGeometry } from '../src/maps/geometry.ts';
import { getVariant } from '../src/diplomacy/variants/index.ts';
import { heiauDiplomacy, standardDiplomacy } from '../src/games/diplomacy.ts';
import { renderDiplomacyMap, type BoardView } from '../src/render/diplomacy-map.ts';
import { Resvg } from '@resvg/resvg-js';
import { fullFonts, drawPng as svgToPng } from '../src/service/png-draw.mjs';

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function time(label: string, n: number, fn: () => unknown) {
  for (let i = 0; i < Math.min(20, n); i++) fn();
  const t: number[] = [];
  const c: number[] = [];
  for (let i = 0; i < n; i++) {
    const c0 = cpuMs();
    const t0 = performance.now();
    fn();
    t.push(performance.now() - t0);
    c.push(cpuMs() - c0);
  }
  t.sort((a, b) => a - b);
  c.sort((a, b) => a - b);
  const q = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))].toFixed(2);
  console.log(`${label}: p50 ${q(t, 0.5)} ms, p99 ${q(t, 0.99)} ms (${n} runs); CPU p50 ${q(c, 0.5)} ms`);
}

console.log(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')} (${os.cpus().length} cores)`,
);

for (const [name, module, scenario] of [
  ['Heiau', heiauDiplomacy, 'clans'],
  ['Standard', standardDiplomacy, 'classic'],
] as const) {
  const variant = getVariant(module.id)!;
  const geometry = mapGeometry(module.id)!;
  const board = module.view(module.setup('bench', scenario), { kind: 'moderator' }) as BoardView;
  // Every unit ordered: a third hold, the rest move to a neighbour.
  const orders = board.units.map((u, i) => {
    const to = variant.map.data.fleet_adjacency[u.location]?.[0] ?? variant.map.data.army_adjacency[u.location]?.[0];
    return {
      power: u.power,
      reading: i % 3 === 0 || !to ? `${u.type} ${u.location} H` : `${u.type} ${u.location} - ${to}`,
      result: (i % 2 ? 'succeeds' : 'fails') as 'succeeds' | 'fails',
    };
  });
  const title = `${name}: Spring 1 Movement`;
  const svg = renderDiplomacyMap(variant, geometry, board, { orders, title });
  console.log(
    `${name} map, ${board.units.length} units, ${orders.length} orders; SVG ${(svg.length / 1024).toFixed(1)} KB`,
  );
  time('SVG', 2000, () => renderDiplomacyMap(variant, geometry, board, { orders, title }));
  // The service's PNG (src/service/png-draw.mjs) without its cache: every run draws.
  time('PNG 1600 px (from SVG)', 30, () => svgToPng(svg, 1600));
  // `--before`: the PNG as it was made before 2026-11-25 (full font files, resvg-js's encoder), each
  // run interleaved with the service's, so both meet the same load.
  if (process.argv.includes('--before')) {
    const before = () =>
      new Resvg(svg, {
        fitTo: { mode: 'width', value: 1600 },
        font: { fontFiles: fullFonts, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
      })
        .render()
        .asPng();
    let turn = 0;
    const both = { before: [] as number[], now: [] as number[] };
    time('  interleaved, both', 60, () => {
      const c0 = cpuMs();
      if (turn++ % 2) svgToPng(svg, 1600);
      else before();
      (turn % 2 ? both.before : both.now).push(cpuMs() - c0);
    });
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1].toFixed(1);
    console.log(`  CPU p50: before ${med(both.before)} ms, now ${med(both.now)} ms`);
  }
}

// The Maori Wars hex map: 2,143 hexes, each a clickable element, with a board of stacks on it.
{
  const fs = await import('node:fs');
  const { MaoriWarsMapSchema } = await import('../src/maori-wars/map-schema.ts');
  const { renderMaoriWarsMap } = await import('../src/render/maori-wars-map.ts');
  type Board = import('../src/render/maori-wars-map.ts').MaoriWarsBoard;
  const map = MaoriWarsMapSchema.parse(JSON.parse(fs.readFileSync('src/maori-wars/data/north-island.json', 'utf8')));
  const at = (n: string) => map.places.find((p) => p.name === n)!.hex;
  const board: Board = {
    hexes: {
      [at('Auckland')]: {
        structures: [{ kind: 'fort', side: 'british' }],
        units: [
          { kind: 'infantry', side: 'british', name: '58th Regiment' },
          { kind: 'artillery', side: 'british' },
          { kind: 'leader', side: 'british', name: 'Despard' },
          { kind: 'naval', side: 'british' },
        ],
      },
      [at('Kororareka')]: {
        structures: [{ kind: 'settlement', side: 'british', disrupted: true }],
        units: [{ kind: 'gunboat', side: 'british', name: 'HMS Hazard' }],
      },
      [at('Ohaeawai')]: {
        structures: [{ kind: 'pa', side: 'maori' }],
        units: [
          { kind: 'warrior', side: 'maori', disrupted: true },
          { kind: 'leader', side: 'maori', name: 'Hōne Heke' },
        ],
      },
      [at('Ruapekapeka')]: {
        structures: [{ kind: 'pa', side: 'maori' }],
        units: [
          { kind: 'warrior', side: 'maori' },
          { kind: 'leader', side: 'maori', name: 'Kawiti' },
          { kind: 'canoe', side: 'maori' },
        ],
      },
      [at('Kerikeri')]: {
        structures: [{ kind: 'village', side: 'queenite' }],
        units: [{ kind: 'queenite', side: 'queenite', name: 'Tāmati Wāka Nene' }],
        sap: { towards: at('Waimate') },
      },
    },
    bushRaider: {
      'tai-tokerau': [
        { kind: 'warrior', side: 'maori' },
        { kind: 'warrior', side: 'maori', disrupted: true },
      ],
    },
    turn: { current: 2, last: 4 },
    vp: { side: 'maori', points: 3 },
    highlights: [at('Okaihau')],
    arrows: [{ from: at('Kawakawa'), to: at('Ruapekapeka'), kind: 'attack' }],
  };
  const title = "Hone Heke's Challenge: Game Turn 2";
  const svg = renderMaoriWarsMap(map, board, { title });
  console.log(`Maori Wars map, ${map.hexes.length} hexes; SVG ${(svg.length / 1024).toFixed(1)} KB`);
  time('SVG', 2000, () => renderMaoriWarsMap(map, board, { title }));
  time('PNG 1600 px (from SVG)', 30, () => svgToPng(svg, 1600));
}
console.log(
  `load average ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')}`,
);
