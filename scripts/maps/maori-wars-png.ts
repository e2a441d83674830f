// Draws docs/images/maori-wars-map.png: the North Island map with an example board (stacks at the
// Flagstaff War's places, a Bush Raider territory in use), through resvg with the service's fonts.
// `npx tsx scripts/maps/maori-wars-png.ts [width]`.
import fs from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { MaoriWarsMapSchema } from '../../src/maori-wars/map-schema.ts';
import { renderMaoriWarsMap, type MaoriWarsBoard } from '../../src/render/maori-wars-map.ts';

const root = path.resolve(import.meta.dirname, '../..');
const map = MaoriWarsMapSchema.parse(
  JSON.parse(fs.readFileSync(path.join(root, 'src/maori-wars/data/north-island.json'), 'utf8')),
);
const at = (n: string) => map.places.find((p) => p.name === n)!.hex;
const board: MaoriWarsBoard = {
  hexes: {
    [at('Auckland')]: {
      structures: [{ kind: 'fort', side: 'british' }],
      units: [
        { kind: 'infantry', side: 'british', name: '58th Regiment' },
        { kind: 'artillery', side: 'british' },
        { kind: 'naval', side: 'british' },
        { kind: 'militia', side: 'british' },
      ],
    },
    [at('Kororareka')]: {
      structures: [{ kind: 'settlement', side: 'british', disrupted: true }],
      units: [{ kind: 'gunboat', side: 'british', name: 'HMS Hazard' }],
    },
    [at('Ohaeawai')]: {
      structures: [{ kind: 'pa', side: 'maori' }],
      units: [
        { kind: 'warrior', side: 'maori', name: 'Pene Taui', disrupted: true },
        { kind: 'leader', side: 'maori', name: 'Hōne Heke' },
      ],
    },
    [at('Puketutu')]: {
      structures: [],
      units: [
        { kind: 'infantry', side: 'british', name: '99th Regiment' },
        { kind: 'leader', side: 'british', name: 'Despard' },
      ],
      sap: { towards: at('Ohaeawai') },
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
    },
    [at('Whangarei')]: {
      structures: [{ kind: 'village', side: 'neutral' }],
      units: [{ kind: 'warrior', side: 'neutral', name: 'Pōmare' }],
    },
  },
  bushRaider: {
    'tai-tokerau': [
      { kind: 'warrior', side: 'maori', name: 'Te Ruki Kawiti' },
      { kind: 'warrior', side: 'maori', name: 'Taua', disrupted: true },
    ],
  },
  turn: { current: 2, last: 4, label: 'British Player Turn' },
  vp: { side: 'maori', points: 3 },
  highlights: [at('Okaihau')],
  arrows: [{ from: at('Kawakawa'), to: at('Ruapekapeka'), kind: 'attack' }],
};
const svg = renderMaoriWarsMap(map, board, { title: "Hone Heke's Challenge (example board)" });
const font = {
  fontFiles: ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSans-Oblique.ttf'].map((f) =>
    path.join(root, 'assets/fonts', f),
  ),
  loadSystemFonts: false,
  defaultFontFamily: 'DejaVu Sans',
};
const png = new Resvg(svg, { fitTo: { mode: 'width', value: Number(process.argv[2] ?? 2000) }, font }).render().asPng();
const out = path.join(root, 'docs/images/maori-wars-map.png');
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(out, png);
console.log(`wrote ${path.relative(root, out)}, ${(png.length / 1024).toFixed(0)} KB`);
