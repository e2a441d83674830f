// Generates src/maori-wars/data/north-island.json: the Maori Wars hex map of the North Island, 10
// miles a hex, reconstructed from public-domain geography because the printed map is not to be
// had. The coastline is Natural Earth's 1:10m land (world-atlas, public domain); ranges, peaks,
// plains, lakes, rivers and places are written below as longitude/latitude with their source; the
// script lays the grid over them and decides each hex from its centre. Deterministic: the test
// re-runs `generateNorthIsland()` and compares with the checked-in file.
// Re-run with `npm run -s maps:maori-wars` (writes the file; `--preview` also writes /tmp/maori-wars-preview.svg).
import fs from 'node:fs';
import path from 'node:path';
import { geoTransverseMercator } from 'd3-geo';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import {
  MaoriWarsMapSchema,
  REQUIRED_PLACES,
  type MaoriWarsMap,
  type Terrain,
} from '../../src/maori-wars/map-schema.ts';
import { centreOf, colRow, hexId, neighbours, step, type Direction } from '../../src/maori-wars/hex.ts';

type LonLat = [number, number];
type Pt = [number, number];

/** 10 statute miles, the rules' hex: the distance between the centres of two neighbouring hexes (= across the flats). */
export const HEX_KM = 16.09344;
/** Hex radius (centre to corner) in map units: a hex is √3·10 ≈ 17.3 units across the flats. */
export const HEX_RADIUS = 10;
/** Kilometres in one map unit. */
export const KM_PER_UNIT = HEX_KM / (Math.sqrt(3) * HEX_RADIUS);
const EARTH_KM = 6371.0088;
/** Transverse Mercator on the island's middle meridian: scale error under 0.15 % across the island. */
const CENTRAL_MERIDIAN = 175.5;
/** Land polygons of Natural Earth whose northern edge is south of this are the South Island and its islands: off the map. */
const SOUTH_ISLAND_NORTH_EDGE = -40.0;

// ---------------------------------------------------------------------------------------------
// Geography, written as facts (longitude, latitude). Peaks and towns: LINZ New Zealand Gazetteer
// values rounded to 0.01°. Ranges are their crest lines and plains their outlines, traced by hand
// to about 0.05° from the LINZ Topo250 series and the Te Ara encyclopedia's regional maps.
// ---------------------------------------------------------------------------------------------

/** Peaks: the hex holding each is mountain. */
const PEAKS: Record<string, LonLat> = {
  Ruapehu: [175.57, -39.28],
  Tongariro: [175.64, -39.13],
  Ngauruhoe: [175.63, -39.16],
  'Taranaki (Mt Egmont)': [174.06, -39.3],
  Hikurangi: [178.07, -37.92],
  Pirongia: [175.09, -37.99],
  Tarawera: [176.51, -38.23],
  Pouakai: [174.0, -39.23],
};

/** Main ranges as crest lines: a hex whose centre lies within `km` of the line is mountain. */
const RANGES: Record<string, { km: number; line: LonLat[] }> = {
  Tararua: {
    km: 9,
    line: [
      [175.8, -40.33],
      [175.55, -40.6],
      [175.4, -40.8],
      [175.22, -40.98],
      [175.12, -41.08],
    ],
  },
  Ruahine: {
    km: 9,
    line: [
      [175.85, -40.25],
      [175.98, -40.0],
      [176.08, -39.8],
      [176.18, -39.55],
    ],
  },
  Kaweka: {
    km: 8,
    line: [
      [176.25, -39.5],
      [176.38, -39.28],
      [176.45, -39.15],
    ],
  },
  Kaimanawa: {
    km: 9,
    line: [
      [175.88, -39.4],
      [175.98, -39.18],
      [176.1, -38.98],
    ],
  },
  Raukumara: {
    km: 10,
    line: [
      [177.5, -38.32],
      [177.78, -38.05],
      [178.05, -37.88],
      [178.2, -37.72],
    ],
  },
  'Te Urewera (Huiarau)': {
    km: 9,
    line: [
      [176.85, -38.88],
      [177.0, -38.62],
      [177.12, -38.42],
      [177.28, -38.22],
    ],
  },
  Ikawhenua: {
    km: 7,
    line: [
      [176.72, -38.75],
      [176.8, -38.45],
      [176.85, -38.25],
    ],
  },
  Kaimai: {
    km: 7,
    line: [
      [175.8, -37.4],
      [175.9, -37.6],
      [175.95, -37.8],
      [176.0, -37.95],
    ],
  },
  Hunua: {
    km: 6,
    line: [
      [175.08, -37.02],
      [175.16, -37.14],
    ],
  },
  Coromandel: {
    km: 7,
    line: [
      [175.52, -36.55],
      [175.62, -36.78],
      [175.7, -37.0],
      [175.82, -37.25],
    ],
  },
};

/** Plains and open valleys: clear terrain (fern, tussock, cultivation and swamp rather than bush). */
const PLAINS: Record<string, LonLat[]> = {
  'Auckland isthmus and Manukau lowlands': [
    [174.55, -36.8],
    [174.95, -36.82],
    [175.05, -37.1],
    [174.85, -37.25],
    [174.6, -37.1],
  ],
  'Kaipara lowlands and Northern Wairoa': [
    [173.85, -35.85],
    [174.05, -35.8],
    [174.2, -36.1],
    [174.5, -36.45],
    [174.55, -36.75],
    [174.35, -36.7],
    [174.0, -36.3],
    [173.8, -36.0],
  ],
  'Taiamai plains (Waimate, Ohaeawai)': [
    [173.75, -35.28],
    [173.95, -35.21],
    [174.0, -35.32],
    [173.9, -35.4],
    [173.76, -35.38],
  ],
  'Waikato basin': [
    [175.05, -37.35],
    [175.45, -37.4],
    [175.6, -37.7],
    [175.55, -38.05],
    [175.3, -38.1],
    [175.1, -37.95],
    [175.05, -37.7],
  ],
  'Hauraki plains': [
    [175.4, -37.15],
    [175.58, -37.15],
    [175.75, -37.4],
    [175.85, -37.85],
    [175.65, -37.95],
    [175.45, -37.45],
  ],
  'Bay of Plenty coastal flats': [
    [176.0, -37.55],
    [176.35, -37.68],
    [176.7, -37.85],
    [177.05, -37.95],
    [177.0, -38.08],
    [176.7, -38.02],
    [176.35, -37.85],
    [176.05, -37.75],
  ],
  'Kaingaroa plains': [
    [176.3, -38.35],
    [176.6, -38.3],
    [176.72, -38.55],
    [176.6, -38.95],
    [176.35, -38.85],
  ],
  'Rangipo desert': [
    [175.66, -39.18],
    [175.82, -39.15],
    [175.85, -39.5],
    [175.66, -39.55],
  ],
  'Poverty Bay flats': [
    [177.82, -38.58],
    [178.05, -38.6],
    [178.02, -38.76],
    [177.82, -38.72],
  ],
  "Heretaunga and Ruataniwha plains (Hawke's Bay)": [
    [176.7, -39.42],
    [177.0, -39.45],
    [176.95, -39.75],
    [176.6, -39.98],
    [176.4, -40.1],
    [176.35, -39.85],
    [176.55, -39.6],
  ],
  'Rangitikei and Manawatu plains': [
    [174.95, -39.9],
    [175.4, -40.02],
    [175.75, -40.3],
    [175.45, -40.55],
    [175.25, -40.78],
    [175.1, -40.76],
    [175.15, -40.4],
  ],
  'Wairarapa valley': [
    [175.35, -41.2],
    [175.55, -40.95],
    [175.7, -40.75],
    [175.95, -40.5],
    [176.1, -40.55],
    [175.75, -40.95],
    [175.55, -41.27],
  ],
  'Taranaki coastal plain': [
    [173.75, -39.25],
    [174.05, -38.95],
    [174.35, -39.0],
    [174.5, -39.3],
    [174.65, -39.6],
    [174.3, -39.68],
    [173.9, -39.5],
  ],
};
/** Bush inside a plain's outline: rough again (the forest between Mt Taranaki and the inland hills). */
const BUSH_IN_PLAINS: Record<string, LonLat[]> = {
  'Taranaki inland forest': [
    [174.1, -39.15],
    [174.3, -39.15],
    [174.4, -39.38],
    [174.22, -39.52],
    [174.05, -39.42],
  ],
};

/** Lakes as outlines (about 0.01°, traced from LINZ Topo250). A hex whose centre is in one is a lake hex. */
const LAKES: Record<string, LonLat[]> = {
  Taupo: [
    [176.07, -38.68],
    [176.1, -38.73],
    [176.02, -38.8],
    [175.96, -38.85],
    [175.93, -38.93],
    [175.86, -39.0],
    [175.8, -38.98],
    [175.77, -38.9],
    [175.78, -38.8],
    [175.85, -38.74],
    [175.91, -38.68],
    [175.98, -38.69],
  ],
  Rotorua: [
    [176.22, -38.03],
    [176.29, -38.02],
    [176.33, -38.06],
    [176.31, -38.12],
    [176.25, -38.13],
    [176.21, -38.09],
  ],
  Rotoiti: [
    [176.33, -38.03],
    [176.42, -38.02],
    [176.5, -38.04],
    [176.48, -38.06],
    [176.4, -38.05],
    [176.34, -38.06],
  ],
  Tarawera: [
    [176.4, -38.17],
    [176.47, -38.16],
    [176.53, -38.19],
    [176.5, -38.24],
    [176.43, -38.22],
  ],
  Waikaremoana: [
    [177.05, -38.72],
    [177.15, -38.73],
    [177.17, -38.78],
    [177.08, -38.8],
  ],
  Wairarapa: [
    [175.2, -41.12],
    [175.26, -41.13],
    [175.28, -41.22],
    [175.22, -41.27],
    [175.17, -41.2],
  ],
  Omapere: [
    [173.77, -35.33],
    [173.83, -35.33],
    [173.84, -35.36],
    [173.78, -35.37],
  ],
};

/** Islands too small for Natural Earth's 1:10m land: drawn as a small round island at their centre. Gazetteer, 0.01°. */
const EXTRA_ISLANDS: Record<string, { at: LonLat; km: number }> = {
  'Tuhua (Mayor Island)': { at: [176.25, -37.29], km: 2.2 },
  'Kapiti Island': { at: [174.92, -40.86], km: 2 },
  'Motiti Island': { at: [176.42, -37.63], km: 1.6 },
  'Whakaari (White Island)': { at: [177.18, -37.52], km: 1.2 },
};

/**
 * Necks of land narrower than a hex whose hexes' centres fall at sea: the hex holding each point
 * is made land (clear), or the mainland would fall apart at 10 miles a hex.
 */
const LAND_BRIDGES: Record<string, LonLat[]> = {
  'Aupōuri peninsula (Ninety Mile Beach), joining Cape Rēinga to the mainland': [
    [172.8, -34.55],
    [172.9, -34.65],
    [173.0, -34.75],
    [173.08, -34.85],
  ],
  'Tāmaki isthmus at the Ōtāhuhu portage, joining Auckland to the south (the Great South Road)': [[174.84, -36.94]],
};

/** Islands in Natural Earth's land, named by their middle (gazetteer, 0.01°). */
const NAMED_ISLANDS: Record<string, LonLat> = {
  'Great Barrier Island (Aotea)': [175.42, -36.19],
  'Little Barrier Island (Hauturu)': [175.08, -36.2],
  'Waiheke Island': [175.08, -36.79],
  'Kawau Island': [174.86, -36.42],
  'Great Mercury Island': [175.81, -36.6],
};

/** Rivers, source to mouth (about 0.02°, from LINZ Topo250), and where their dotted navigable part starts. */
const RIVERS: { id: string; name: string; line: LonLat[]; navigableFrom?: LonLat; note: string }[] = [
  {
    id: 'waikato',
    name: 'Waikato',
    navigableFrom: [175.47, -37.89],
    note: 'From the Taupō outlet to Port Waikato; navigable from Cambridge (Pukerimu), where the river steamers of 1863-64 (Pioneer, Avon) supplied the Waikato campaign.',
    line: [
      [176.08, -38.69],
      [176.03, -38.4],
      [175.85, -38.25],
      [175.64, -38.07],
      [175.47, -37.89],
      [175.28, -37.79],
      [175.15, -37.67],
      [175.16, -37.56],
      [175.13, -37.43],
      [175.07, -37.32],
      [175.05, -37.28],
      [174.95, -37.27],
      [174.8, -37.33],
      [174.71, -37.38],
    ],
  },
  {
    id: 'waipa',
    name: 'Waipā',
    navigableFrom: [175.2, -37.99],
    note: 'From the hills south of Ōtorohanga to Ngāruawāhia; navigable from Te Rore (Pirongia), the head of steamer navigation in 1864.',
    line: [
      [175.35, -38.45],
      [175.21, -38.19],
      [175.24, -38.07],
      [175.2, -37.99],
      [175.15, -37.8],
      [175.15, -37.67],
    ],
  },
  {
    id: 'whanganui',
    name: 'Whanganui',
    navigableFrom: [175.05, -39.48],
    note: 'From the slopes of Tongariro past Taumarunui to Wanganui; navigable from Pipiriki, reached by the gunboats and river steamers in 1865.',
    line: [
      [175.55, -39.05],
      [175.4, -38.95],
      [175.26, -38.88],
      [175.1, -39.05],
      [175.0, -39.25],
      [175.05, -39.48],
      [175.07, -39.55],
      [175.1, -39.65],
      [175.05, -39.8],
      [175.05, -39.93],
      [174.99, -39.96],
    ],
  },
  {
    id: 'waitara',
    name: 'Waitara',
    navigableFrom: [174.3, -39.05],
    note: 'From the hills east of Mt Taranaki to Waitara; its lower reach navigable to boats.',
    line: [
      [174.5, -39.3],
      [174.4, -39.15],
      [174.3, -39.05],
      [174.23, -38.99],
    ],
  },
  {
    id: 'waihou',
    name: 'Waihou (Thames)',
    navigableFrom: [175.71, -37.54],
    note: 'From the Mamaku hills past Te Aroha and Paeroa to the Firth of Thames; navigable from Te Aroha.',
    line: [
      [175.88, -38.05],
      [175.8, -37.85],
      [175.71, -37.54],
      [175.67, -37.37],
      [175.58, -37.22],
      [175.55, -37.16],
    ],
  },
  {
    id: 'piako',
    name: 'Piako',
    navigableFrom: [175.55, -37.4],
    note: 'From the hills south of Morrinsville to the Firth of Thames; its lower half navigable.',
    line: [
      [175.6, -37.95],
      [175.53, -37.66],
      [175.55, -37.4],
      [175.51, -37.2],
    ],
  },
  {
    id: 'kawakawa',
    name: 'Kawakawa (Taumarere)',
    navigableFrom: [174.07, -35.38],
    note: 'From the hills by Ruapekapeka past Kawakawa to the Bay of Islands at Ōpua; navigable from Kawakawa, where the British landed for Ruapekapeka in 1845.',
    line: [
      [174.13, -35.52],
      [174.07, -35.44],
      [174.07, -35.38],
      [174.12, -35.31],
    ],
  },
  {
    id: 'wairoa',
    name: 'Northern Wairoa',
    navigableFrom: [174.05, -35.82],
    note: 'The Mangakahia and Northern Wairoa from inland Northland past Dargaville to the Kaipara Harbour; navigable from Tangiteroria.',
    line: [
      [173.8, -35.45],
      [173.95, -35.65],
      [174.05, -35.82],
      [173.87, -35.94],
      [173.95, -36.05],
      [174.05, -36.15],
    ],
  },
  {
    id: 'hokianga',
    name: 'Hokianga (Waihou)',
    note: 'From the hills north of Lake Ōmāpere to Hōreke at the head of the Hokianga Harbour; at 10 miles a hex the harbour itself is sea hexes, so the navigable water is the sea and the river hexes are not dotted.',
    line: [
      [173.86, -35.24],
      [173.72, -35.3],
      [173.59, -35.37],
      [173.5, -35.4],
      [173.45, -35.45],
      [173.38, -35.52],
    ],
  },
  {
    id: 'rangitikei',
    name: 'Rangitīkei',
    note: 'From the Kaimanawa to the sea by Bulls; not navigable.',
    line: [
      [175.95, -39.35],
      [175.85, -39.6],
      [175.78, -39.7],
      [175.8, -39.81],
      [175.55, -39.95],
      [175.38, -40.17],
      [175.22, -40.3],
    ],
  },
  {
    id: 'manawatu',
    name: 'Manawatū',
    navigableFrom: [175.45, -40.42],
    note: 'From the Ruahine foothills by Norsewood through the Manawatū Gorge to Foxton; its lower reach navigable.',
    line: [
      [176.22, -40.07],
      [176.05, -40.2],
      [175.8, -40.32],
      [175.61, -40.36],
      [175.45, -40.42],
      [175.27, -40.47],
      [175.22, -40.47],
    ],
  },
  {
    id: 'mokau',
    name: 'Mōkau',
    navigableFrom: [174.85, -38.62],
    note: 'From the King Country hills to the sea at Mōkau; its lower reach navigable.',
    line: [
      [175.3, -38.6],
      [175.1, -38.55],
      [174.85, -38.62],
      [174.62, -38.7],
    ],
  },
];

/** Bush Raider Map territories: each land hex goes to the nearest seed; the seeds are each territory's real places. */
const TERRITORIES: { id: string; name: string; seeds: LonLat[] }[] = [
  {
    id: 'tai-tokerau',
    name: 'Tai Tokerau (Northland)',
    seeds: [
      [173.8, -35.4],
      [173.27, -35.11],
      [174.32, -35.72],
      [173.87, -35.94],
      [173.0, -34.7],
    ],
  },
  {
    id: 'tamaki-hauraki',
    name: 'Tāmaki and Hauraki (Auckland)',
    seeds: [
      [174.76, -36.85],
      [175.54, -37.14],
      [175.5, -36.76],
      [174.66, -36.32],
      [175.45, -36.2],
      [175.87, -37.25],
    ],
  },
  {
    id: 'waikato',
    name: 'Waikato',
    seeds: [
      [175.15, -37.67],
      [175.28, -37.79],
      [175.13, -37.43],
      [175.77, -37.81],
      [174.87, -37.8],
    ],
  },
  {
    id: 'king-country',
    name: 'King Country (Rohe Pōtae)',
    seeds: [
      [175.1, -38.33],
      [175.26, -38.88],
      [174.83, -38.06],
      [174.7, -38.65],
    ],
  },
  {
    id: 'taranaki',
    name: 'Taranaki',
    seeds: [
      [174.07, -39.06],
      [174.28, -39.59],
      [174.28, -39.33],
      [173.87, -39.45],
    ],
  },
  {
    id: 'whanganui',
    name: 'Whanganui and Rangitīkei',
    seeds: [
      [175.05, -39.93],
      [175.05, -39.48],
      [175.4, -39.43],
      [175.55, -40.1],
      [175.8, -39.75],
    ],
  },
  {
    id: 'te-upoko',
    name: 'Te Upoko o te Ika (Wellington and Wairarapa)',
    seeds: [
      [174.78, -41.29],
      [175.66, -40.95],
      [175.15, -40.75],
      [175.61, -40.36],
      [176.1, -40.7],
    ],
  },
  {
    id: 'heretaunga',
    name: "Heretaunga (Hawke's Bay)",
    seeds: [
      [176.91, -39.49],
      [176.84, -39.64],
      [176.55, -40.0],
      [177.42, -39.04],
      [176.2, -40.2],
    ],
  },
  {
    id: 'tairawhiti',
    name: 'Tairāwhiti (East Cape)',
    seeds: [
      [178.02, -38.66],
      [178.3, -37.9],
      [178.3, -38.37],
      [177.85, -37.7],
    ],
  },
  {
    id: 'te-urewera',
    name: 'Te Urewera',
    seeds: [
      [176.95, -38.45],
      [177.1, -38.75],
      [176.75, -38.7],
    ],
  },
  {
    id: 'bay-of-plenty',
    name: 'Bay of Plenty',
    seeds: [
      [176.17, -37.69],
      [176.25, -38.13],
      [176.99, -37.95],
      [177.28, -38.01],
      [176.55, -38.1],
    ],
  },
  {
    id: 'taupo',
    name: 'Taupō and the volcanic plateau',
    seeds: [
      [176.07, -38.69],
      [175.62, -39.15],
      [175.8, -38.98],
      [176.05, -38.4],
      [175.7, -39.45],
    ],
  },
];

/**
 * Named places at their real latitude and longitude (LINZ New Zealand Gazetteer, to 0.01°; pā and
 * battle sites from the NZ Historic Places / Heritage NZ listings). `town`: a Town printed on the
 * map, a settler town of 1845-72 that stood through the wars.
 */
const PLACES: { name: string; aliases?: string[]; at: LonLat; town?: boolean; note?: string; nudge?: Direction }[] = [
  { name: 'Auckland', aliases: ['Tāmaki Makaurau'], at: [174.76, -36.85], town: true, note: 'Capital 1841-65.' },
  {
    name: 'Kororareka',
    aliases: ['Kororāreka', 'Russell'],
    at: [174.12, -35.26],
    town: true,
    note: 'Sacked by Heke and Kawiti, March 1845.',
  },
  // 4 km from Kororāreka, so in its hex at 10 miles a hex; the printed scenario sets up a Neutral Pa
  // at Waitangi and Kororāreka is a Town, which cannot share a hex (14.0): the next land hex west.
  {
    name: 'Waitangi',
    at: [174.08, -35.27],
    nudge: 'NW',
    note: 'In the hex of Kororāreka at this scale; moved one hex north-west (inland, the side of the bay Waitangi is on) so that the printed Neutral Pa and the Town stand apart (14.0).',
  },
  { name: 'Paihia', at: [174.09, -35.28] },
  { name: 'Kerikeri', aliases: ['Kerikeri Mission'], at: [173.95, -35.22] },
  { name: 'Waimate', aliases: ['Waimate North', 'Te Waimate'], at: [173.88, -35.32] },
  { name: 'Ohaeawai', aliases: ['Ōhaeawai'], at: [173.88, -35.35], note: "Pene Taui's pā, stormed 1 July 1845." },
  { name: 'Ruapekapeka', at: [174.12, -35.49], note: "Kawiti's pā, taken 11 January 1846." },
  {
    name: 'Puketutu',
    aliases: ['Te Ahuahu'],
    at: [173.81, -35.32],
    note: "Heke's pā by Lake Ōmāpere, battle of 8 May 1845.",
  },
  { name: 'Okaihau', aliases: ['Ōkaihau'], at: [173.77, -35.32] },
  { name: 'Kaikohe', at: [173.8, -35.41] },
  {
    name: 'Hokianga',
    aliases: ['Horeke', 'Hōreke'],
    at: [173.59, -35.37],
    note: 'Hōreke, the Hokianga settlement at the head of the harbour.',
  },
  { name: 'Whangarei', aliases: ['Whangārei'], at: [174.32, -35.73] },
  { name: 'Kawakawa', at: [174.07, -35.38] },
  { name: 'Omapere', aliases: ['Ōmāpere', 'Lake Omapere', 'Lake Ōmāpere'], at: [173.8, -35.35], note: 'The lake.' },
  { name: 'Mangakahia', at: [173.9, -35.62], note: 'The Mangakahia valley at Twin Bridges.' },
  {
    name: 'Kaipara',
    aliases: ['Kaipara Harbour', 'Te Kopuru', 'Te Kōpuru'],
    at: [173.93, -36.03],
    note: 'The Kaipara at Te Kōpuru, on the Northern Wairoa by the harbour.',
  },
  { name: 'Whangaroa', at: [173.74, -35.05] },
  { name: 'Tauranga', at: [176.17, -37.69] },
  { name: 'Gate Pa', aliases: ['Gate Pā', 'Pukehinahina'], at: [176.15, -37.71], note: 'Battle of 29 April 1864.' },
  { name: 'Rotorua', aliases: ['Ohinemutu', 'Ōhinemutu'], at: [176.25, -38.13], note: 'Ōhinemutu on the lake shore.' },
  { name: 'Taupo', aliases: ['Taupō'], at: [176.07, -38.69] },
  {
    name: 'Wanganui',
    aliases: ['Whanganui'],
    at: [175.05, -39.93],
    town: true,
    note: 'Settled 1841; garrisoned 1846-70.',
  },
  { name: 'New Plymouth', at: [174.07, -39.06], town: true, note: 'Settled 1841; base of the Taranaki wars.' },
  {
    name: 'Wellington',
    aliases: ['Port Nicholson', 'Te Whanganui-a-Tara'],
    at: [174.78, -41.29],
    town: true,
    note: 'Capital from 1865.',
  },
  {
    name: 'Napier',
    aliases: ['Ahuriri'],
    at: [176.91, -39.49],
    town: true,
    note: "Laid out 1855; Hawke's Bay's town through the East Coast war.",
  },
  {
    name: 'Ngaruawahia',
    aliases: ['Ngāruawāhia'],
    at: [175.15, -37.67],
    note: "The Māori King's seat, occupied December 1863.",
  },
  { name: 'Rangiriri', at: [175.13, -37.43], note: 'Battle of 20-21 November 1863.' },
  { name: 'Orakau', aliases: ['Ōrākau'], at: [175.39, -38.03], note: 'Battle of 31 March - 2 April 1864.' },
  { name: 'Te Awamutu', at: [175.32, -38.01] },
  { name: 'Waitara', at: [174.23, -39.0], note: 'The Waitara purchase, start of the First Taranaki War, 1860.' },
  { name: 'Hamilton', aliases: ['Kirikiriroa'], at: [175.28, -37.79], note: 'Military settlement of 1864.' },
  // Beyond the required names: places of the later wars.
  { name: 'Thames', aliases: ['Grahamstown'], at: [175.54, -37.14] },
  { name: 'Meremere', at: [175.07, -37.32], note: 'Māori King movement line, 1863.' },
  { name: 'Opotiki', aliases: ['Ōpōtiki'], at: [177.29, -38.01] },
  { name: 'Whakatane', aliases: ['Whakatāne'], at: [176.99, -37.95] },
  { name: 'Turanganui', aliases: ['Gisborne', 'Tūranganui'], at: [178.02, -38.66] },
  { name: 'Ngatapa', aliases: ['Ngātapa'], at: [177.77, -38.6], note: "Te Kooti's pā, taken January 1869." },
  { name: 'Te Porere', at: [175.6, -39.05], note: "Te Kooti's pā, taken October 1869." },
  { name: 'Pipiriki', at: [175.05, -39.48] },
  { name: 'Weraroa', at: [174.93, -39.79], note: 'Pā taken July 1865.' },
  { name: 'Masterton', at: [175.66, -40.95] },
  { name: 'Wairoa', at: [177.42, -39.04] },
];

// ---------------------------------------------------------------------------------------------

/** Cube coordinates of a hex id (odd columns half a hex up, as hex.ts). */
function cube(id: string): [number, number, number] {
  const [c, row] = colRow(id);
  const r = row - ((c + (c & 1)) >> 1);
  return [c, r, -c - r];
}
/** The hexes on the straight line from a to b, both included (Amit Patel's cube lerp), each a neighbour of the last. */
function hexLine(a: string, b: string): string[] {
  const [p, q] = [cube(a), cube(b)];
  const n = Math.max(Math.abs(p[0] - q[0]), Math.abs(p[1] - q[1]), Math.abs(p[2] - q[2]));
  const out: string[] = [];
  for (let i = 0; i <= n; i++) {
    // A nudge keeps points exactly on an edge on one side of it, the same side every run.
    const t = n === 0 ? 0 : i / n;
    const f = [0, 1, 2].map((k) => p[k] + 1e-6 * (k + 1) + (q[k] - p[k]) * t);
    let [x, y, z] = f.map(Math.round);
    const [dx, dy, dz] = [Math.abs(x - f[0]), Math.abs(y - f[1]), Math.abs(z - f[2])];
    if (dx > dy && dx > dz) x = -y - z;
    else if (dy > dz) y = -x - z;
    else z = -x - y;
    out.push(hexId(x, y + ((x + (x & 1)) >> 1)));
  }
  return out;
}

interface Landmass {
  name: string;
  rings: Pt[][];
  bbox: [number, number, number, number];
  offMap: boolean;
  main: boolean;
}

function insideRing(ring: Pt[], [x, y]: Pt): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i],
      [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}
function insideRings(rings: Pt[][], p: Pt): boolean {
  let inside = false;
  for (const r of rings) if (insideRing(r, p)) inside = !inside;
  return inside;
}
function segDist([px, py]: Pt, [ax, ay]: Pt, [bx, by]: Pt): number {
  const dx = bx - ax,
    dy = by - ay;
  const l = dx * dx + dy * dy;
  const t = l === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / l));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}
function simplify(ring: Pt[], tol: number): Pt[] {
  if (ring.length < 4) return ring;
  const keep = new Uint8Array(ring.length);
  keep[0] = keep[ring.length - 1] = 1;
  const stack: [number, number][] = [[0, ring.length - 1]];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    let best = -1,
      d = tol;
    for (let i = a + 1; i < b; i++) {
      const di = segDist(ring[i], ring[a], ring[b]);
      if (di > d) {
        d = di;
        best = i;
      }
    }
    if (best >= 0) {
      keep[best] = 1;
      stack.push([a, best], [best, b]);
    }
  }
  return ring.filter((_, i) => keep[i]);
}
const r1 = (n: number) => Math.round(n * 10) / 10;
const ringPath = (ring: Pt[]) => 'M' + ring.map(([x, y]) => `${r1(x)},${r1(y)}`).join('L') + 'Z';

/** The map, computed from the data above and Natural Earth's coastline under `root`. */
export function generateNorthIsland(root: string): MaoriWarsMap {
  const topo = JSON.parse(
    fs.readFileSync(path.join(root, 'node_modules/world-atlas/land-10m.json'), 'utf8'),
  ) as Topology;
  const land = feature(topo, topo.objects.land as never) as unknown as GeoJSON.FeatureCollection;
  const nz: LonLat[][][] = [];
  for (const f of land.features) {
    const polys =
      f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : (f.geometry as GeoJSON.MultiPolygon).coordinates;
    for (const poly of polys) {
      const outer = poly[0] as LonLat[];
      if (outer.every(([x, y]) => x > 165 && x < 179.5 && y > -48 && y < -34)) nz.push(poly as LonLat[][]);
    }
  }
  const projection = geoTransverseMercator()
    .rotate([-CENTRAL_MERIDIAN, 0])
    .scale(EARTH_KM / KM_PER_UNIT)
    .translate([0, 0]);
  const raw = (p: LonLat): Pt => projection(p) as Pt;

  // The frame: the North Island group with a hex of sea round it.
  const onMapPolys = nz.filter((poly) => Math.max(...poly[0].map((c) => c[1])) > SOUTH_ISLAND_NORTH_EDGE);
  const rawPts = onMapPolys.flatMap((poly) => poly[0].map(raw));
  const xmin = Math.min(...rawPts.map((p) => p[0])),
    xmax = Math.max(...rawPts.map((p) => p[0]));
  const ymin = Math.min(...rawPts.map((p) => p[1])),
    ymax = Math.max(...rawPts.map((p) => p[1]));
  const h = Math.sqrt(3) * HEX_RADIUS;
  const dx = -xmin + 2.5 * HEX_RADIUS,
    dy = -ymin + 1.25 * h;
  const proj = (p: LonLat): Pt => {
    const q = raw(p);
    return [q[0] + dx, q[1] + dy];
  };
  const cols = Math.ceil((xmax - xmin + 4 * HEX_RADIUS) / (1.5 * HEX_RADIUS)) + 1;
  const rows = Math.ceil((ymax - ymin + 2.5 * h) / h);
  const width = r1(HEX_RADIUS * 2 + (cols - 1) * 1.5 * HEX_RADIUS);
  const height = r1(rows * h + h / 2);

  const masses: Landmass[] = nz
    .map((poly): Landmass => {
      const rings = poly.map((ring) => ring.map(proj));
      const xs = rings[0].map((p) => p[0]),
        ys = rings[0].map((p) => p[1]);
      const offMap = Math.max(...poly[0].map((c) => c[1])) <= SOUTH_ISLAND_NORTH_EDGE;
      return {
        name: '',
        rings,
        bbox: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)],
        offMap,
        main: false,
      };
    })
    .filter((m) => m.bbox[2] > 0 && m.bbox[0] < width && m.bbox[3] > 0 && m.bbox[1] < height);
  const ringArea = (r: Pt[]) =>
    Math.abs(
      r.reduce((s, p, i) => {
        const q = r[(i + 1) % r.length];
        return s + p[0] * q[1] - q[0] * p[1];
      }, 0) / 2,
    );
  const onMap = masses.filter((m) => !m.offMap);
  onMap.sort((a, b) => ringArea(b.rings[0]) - ringArea(a.rings[0]));
  onMap[0].main = true;
  for (const m of onMap.slice(1)) {
    const cx = (m.bbox[0] + m.bbox[2]) / 2,
      cy = (m.bbox[1] + m.bbox[3]) / 2;
    const named = Object.entries(NAMED_ISLANDS)
      .map(([n, at]) => [n, Math.hypot(proj(at)[0] - cx, proj(at)[1] - cy)] as const)
      .sort((a, b) => a[1] - b[1])[0];
    if (named && named[1] * KM_PER_UNIT < 12) m.name = named[0];
  }
  for (const [name, isl] of Object.entries(EXTRA_ISLANDS)) {
    const c = proj(isl.at),
      rad = isl.km / KM_PER_UNIT;
    const ring: Pt[] = Array.from(
      { length: 10 },
      (_, i) => [c[0] + rad * Math.cos((i * Math.PI) / 5), c[1] + rad * 0.8 * Math.sin((i * Math.PI) / 5)] as Pt,
    );
    masses.push({
      name,
      rings: [ring],
      bbox: [c[0] - rad, c[1] - rad, c[0] + rad, c[1] + rad],
      offMap: false,
      main: false,
    });
  }
  const massAt = (p: Pt): Landmass | undefined =>
    masses.find(
      (m) =>
        p[0] >= m.bbox[0] && p[0] <= m.bbox[2] && p[1] >= m.bbox[1] && p[1] <= m.bbox[3] && insideRings(m.rings, p),
    );

  const lakeShapes = Object.fromEntries(Object.entries(LAKES).map(([n, l]) => [n, l.map(proj)]));
  const lakeAt = (p: Pt) => Object.entries(lakeShapes).find(([, r]) => insideRing(r, p))?.[0];
  const inPoly = (poly: LonLat[], p: Pt) => insideRing(poly.map(proj), p);
  const rangeLines = Object.values(RANGES).map((r) => ({ km: r.km, line: r.line.map(proj) }));
  const peakHexes = new Set(Object.values(PEAKS).map((p) => hexAt(proj(p))));

  function hexAt([x, y]: Pt): string {
    // The nearest centre among the columns either side.
    let best = '',
      bd = Infinity;
    const c0 = Math.round((x - HEX_RADIUS) / (1.5 * HEX_RADIUS)) + 1;
    for (let c = c0 - 1; c <= c0 + 1; c++) {
      if (c < 1) continue;
      const r0 = Math.round((y + (c & 1 ? h / 2 : 0)) / h);
      for (let r = r0 - 1; r <= r0 + 1; r++) {
        if (r < 1) continue;
        const id = hexId(c, r);
        const [cx, cy] = centreOf(id, HEX_RADIUS);
        const d = Math.hypot(cx - x, cy - y);
        if (d < bd) {
          bd = d;
          best = id;
        }
      }
    }
    return best;
  }

  // Hexes.
  type Hex = MaoriWarsMap['hexes'][number];
  const hexes = new Map<string, Hex>();
  const massOf = new Map<string, Landmass>();
  for (let c = 1; c <= cols; c++)
    for (let r = 1; r <= rows; r++) {
      const id = hexId(c, r);
      const centre = centreOf(id, HEX_RADIUS);
      const m = massAt(centre);
      if (m?.offMap) continue; // the South Island: off the map
      let terrain: Terrain;
      const lake = m ? lakeAt(centre) : undefined;
      if (!m) terrain = 'ocean';
      else if (lake) terrain = 'lake';
      else {
        terrain = 'rough';
        if (
          Object.values(PLAINS).some((p) => inPoly(p, centre)) &&
          !Object.values(BUSH_IN_PLAINS).some((p) => inPoly(p, centre))
        )
          terrain = 'clear';
        if (
          peakHexes.has(id) ||
          rangeLines.some(({ km, line }) =>
            line.some((a, i) => i > 0 && segDist(centre, line[i - 1], a) * KM_PER_UNIT <= km),
          )
        )
          terrain = 'mountain';
      }
      if (m) massOf.set(id, m);
      const hex: Hex = { id, terrain, coastal: false, territory: null, centre: [r1(centre[0]), r1(centre[1])] };
      if (m && !m.main && terrain !== 'lake') hex.smallIsland = true;
      if (m?.name) hex.note = m.name;
      hexes.set(id, hex);
    }
  const main = masses.find((m) => m.main)!;
  const bridges = new Set<string>();
  for (const [what, at] of Object.entries(LAND_BRIDGES).flatMap(([w, pts]) => pts.map((p) => [w, p] as const))) {
    const hx = hexes.get(hexAt(proj(at)));
    if (hx?.terrain !== 'ocean') continue;
    hx.terrain = 'clear';
    hx.note = `${what}: a neck of land narrower than a hex, kept as land`;
    bridges.add(hx.id);
    massOf.set(hx.id, main);
  }
  // Islands whose land holds no hex centre: the hex nearest the island's middle is made land (a small island, rule 14.0).
  for (const m of masses) {
    if (m.offMap || m.main || [...massOf.values()].includes(m)) continue;
    const id = hexAt([(m.bbox[0] + m.bbox[2]) / 2, (m.bbox[1] + m.bbox[3]) / 2]);
    const hx = hexes.get(id);
    if (hx?.terrain !== 'ocean') continue; // its hex is the mainland's: the island is part of that hex
    hx.terrain = 'rough';
    hx.smallIsland = true;
    hx.note = `${m.name || 'An island'}: smaller than a hex, its hex made land`;
    massOf.set(id, m);
  }
  const isLand = (id: string) => {
    const t = hexes.get(id)?.terrain;
    return t !== undefined && t !== 'ocean' && t !== 'lake';
  };
  for (const hx of hexes.values()) {
    const ns = neighbours(hx.id).filter((n) => hexes.has(n));
    hx.coastal =
      hx.terrain === 'ocean'
        ? ns.some(isLand)
        : isLand(hx.id)
          ? ns.some((n) => hexes.get(n)!.terrain === 'ocean')
          : false;
  }

  // Territories: nearest seed.
  const seeds = TERRITORIES.flatMap((t) => t.seeds.map((s) => ({ id: t.id, p: proj(s) })));
  for (const hx of hexes.values()) {
    if (!isLand(hx.id)) continue;
    let best = '',
      bd = Infinity;
    for (const s of seeds) {
      const d = Math.hypot(s.p[0] - hx.centre[0], s.p[1] - hx.centre[1]);
      if (d < bd) {
        bd = d;
        best = s.id;
      }
    }
    hx.territory = best;
  }
  const adj = new Map<string, Set<string>>(TERRITORIES.map((t) => [t.id, new Set()]));
  for (const hx of hexes.values()) {
    if (!hx.territory) continue;
    for (const n of neighbours(hx.id)) {
      const t = hexes.get(n)?.territory;
      if (t && t !== hx.territory) adj.get(hx.territory)!.add(t);
    }
  }

  // Hexsides: land facing land across water.
  const hexsides: MaoriWarsMap['hexsides'] = [];
  const seen = new Set<string>();
  for (const hx of hexes.values()) {
    if (!isLand(hx.id)) continue;
    for (const n of neighbours(hx.id)) {
      if (!isLand(n) || seen.has(n < hx.id ? `${n}|${hx.id}` : `${hx.id}|${n}`)) continue;
      seen.add(n < hx.id ? `${n}|${hx.id}` : `${hx.id}|${n}`);
      const a = hx.centre,
        b = hexes.get(n)!.centre;
      const at = (t: number): Pt => [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])];
      const [p, q] = hx.id < n ? [hx.id, n] : [n, hx.id];
      const lake = lakeAt(at(0.5));
      if (lake) {
        hexsides.push({ a: p, b: q, kind: 'lake', unofficial: true, note: `Lake ${lake} between the hexes` });
        continue;
      }
      if (bridges.has(hx.id) || bridges.has(n)) continue; // a neck of land is crossed on foot
      const wet = [0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8].filter((t) => !massAt(at(t))).length;
      if (massOf.get(hx.id) !== massOf.get(n))
        hexsides.push({ a: p, b: q, kind: 'all-water', unofficial: true, note: 'Strait between separate lands' });
      else if (!massAt(at(0.5)) && wet >= 5)
        hexsides.push({ a: p, b: q, kind: 'all-water', unofficial: true, note: 'Harbour or inlet between the hexes' });
    }
  }
  // A lake that holds no hex centre nor crosses a hexside's middle: the hexside nearest its middle is dashed.
  for (const [name, ring] of Object.entries(lakeShapes)) {
    const hasHex = [...hexes.values()].some((hx) => hx.terrain === 'lake' && lakeAt(hx.centre) === name);
    if (hasHex || hexsides.some((s) => s.note === `Lake ${name} between the hexes`)) continue;
    const cx = ring.reduce((s, p) => s + p[0], 0) / ring.length,
      cy = ring.reduce((s, p) => s + p[1], 0) / ring.length;
    const home = hexAt([cx, cy]);
    const c = hexes.get(home)!.centre;
    let best = '',
      bd = Infinity;
    for (const n of neighbours(home)) {
      if (!isLand(n)) continue;
      const nc = hexes.get(n)!.centre;
      const d = Math.hypot((c[0] + nc[0]) / 2 - cx, (c[1] + nc[1]) / 2 - cy);
      if (d < bd) {
        bd = d;
        best = n;
      }
    }
    if (!best || !isLand(home)) continue;
    const [p, q] = home < best ? [home, best] : [best, home];
    hexsides.push({
      a: p,
      b: q,
      kind: 'lake',
      unofficial: true,
      note: `Lake ${name}: smaller than a hex, drawn as the dashed hexside nearest its middle`,
    });
  }
  hexsides.sort((x, y) => (x.a + x.b).localeCompare(y.a + y.b));

  // Rivers: the hexes of the course's points, joined by straight hex lines, loops cut, ending at the sea.
  const rivers: MaoriWarsMap['rivers'] = [];
  const riverPaths: Record<string, string> = {};
  for (const rv of RIVERS) {
    const ways = rv.line.map((p) => hexAt(proj(p))).filter((id, i, a) => i === 0 || a[i - 1] !== id);
    let seq: string[] = [];
    for (let i = 0; i < ways.length; i++) {
      for (const id of i === 0 ? [ways[0]] : hexLine(ways[i - 1], ways[i]).slice(1)) {
        const at = seq.indexOf(id);
        if (at >= 0) seq = seq.slice(0, at + 1);
        else seq.push(id);
      }
    }
    let start = 0;
    while (start < seq.length && !isLand(seq[start])) start++;
    let end = start;
    while (end < seq.length && isLand(seq[end])) end++;
    const hx = seq.slice(start, end);
    if (hx.length < 2)
      throw new Error(
        `${rv.name}: fewer than two land hexes: ${seq.map((s) => `${s}:${hexes.get(s)?.terrain}`).join(' ')}`,
      );
    const from = rv.navigableFrom ? hx.indexOf(hexAt(proj(rv.navigableFrom))) : -1;
    if (rv.navigableFrom && from < 0) throw new Error(`${rv.name}: the navigable start is off its course`);
    rivers.push({
      id: rv.id,
      name: rv.name,
      hexes: hx,
      navigable: from >= 0 ? hx.slice(from) : [],
      unofficial: true,
      note: rv.note,
    });
    riverPaths[rv.id] = 'M' + hx.map((id) => hexes.get(id)!.centre.join(',')).join('L');
  }

  // Places: the hex holding the real place; one at sea or on a lake goes to the nearest land hex.
  const places: MaoriWarsMap['places'] = PLACES.map((pl) => {
    const p = proj(pl.at);
    let id = hexAt(p);
    let moved = false;
    if (!isLand(id)) {
      moved = true;
      id = [...hexes.values()]
        .filter((x) => isLand(x.id))
        .sort(
          (x, y) =>
            Math.hypot(x.centre[0] - p[0], x.centre[1] - p[1]) - Math.hypot(y.centre[0] - p[0], y.centre[1] - p[1]) ||
            x.id.localeCompare(y.id),
        )[0].id;
    }
    if (pl.nudge) {
      const n = step(id, pl.nudge);
      if (!n || !isLand(n)) throw new Error(`${pl.name}: the hex ${pl.nudge} of ${id} is not land`);
      id = n;
    }
    const note = [pl.note, moved ? 'Its hex is water: placed on the nearest land hex.' : ''].filter(Boolean).join(' ');
    return {
      name: pl.name,
      ...(pl.aliases ? { aliases: pl.aliases } : {}),
      hex: id,
      ...(pl.town ? { town: true } : {}),
      lat: pl.at[1],
      lon: pl.at[0],
      unofficial: true,
      ...(note ? { note } : {}),
    };
  });
  for (const req of REQUIRED_PLACES)
    if (!places.some((p) => p.name === req)) throw new Error(`missing required place ${req}`);

  const coast = masses.map((m) => m.rings.map((r) => ringPath(simplify([...r, r[0]], 0.3).slice(0, -1))).join(''));
  const map: MaoriWarsMap = {
    id: 'north-island',
    name: 'The North Island of New Zealand (reconstruction)',
    unofficial: true,
    provenance: {
      coastline:
        'Natural Earth 1:10m land via world-atlas 2.0.2 (land-10m.json), public domain; islands it lacks (Mayor, Kapiti, Motiti, White) drawn as small rounds at their gazetteer positions. The South Island and its islands are drawn but have no hexes (off the map).',
      projection: `Transverse Mercator on ${CENTRAL_MERIDIAN}° E (d3-geo), true scale; north is up. ${HEX_KM} km (10 miles) between neighbouring hex centres, a hex radius of ${HEX_RADIUS} units: 1 unit = ${KM_PER_UNIT.toFixed(4)} km.`,
      grid: `${cols} columns × ${rows} rows of flat-topped hexes (odd columns half a hex up), laid so that the North Island has a hex of sea round it; a hex whose centre is on the South Island is off the map.`,
      terrain:
        'By each hex centre: ocean at sea, lake in a lake outline; on land, mountain on a listed peak or within a few km of a main range crest, clear in a plain or open valley, rough (bush-covered hill country, as most of the island was in 1845-72) elsewhere. Ranges, peaks and plains traced from LINZ Topo250 and Te Ara regional maps; see scripts/maps/maori-wars.ts and docs/maori-wars-map.md.',
      hexsides:
        'all-water: neighbouring land hexes on separate lands, or whose joining line is mostly water (harbours, inlets); lake: a lake between land hexes, or the hexside nearest the middle of a lake smaller than a hex.',
      rivers:
        'Courses traced from LINZ Topo250 as lines of hexes; navigable reaches from the accounts of the wars (steamers and gunboats of 1845-65).',
      territories:
        "Bush Raider Map territories reconstructed from the iwi regions and the wars' theatres; each land hex goes to the nearest of its territory's seed places.",
      places:
        'LINZ New Zealand Gazetteer positions to 0.01°; pā and battle sites from Heritage New Zealand listings. Towns: the settler towns of 1845-72.',
    },
    hexMiles: 10,
    cols,
    rows,
    hexes: [...hexes.values()].sort((a, b) => a.id.localeCompare(b.id)),
    hexsides,
    rivers,
    territories: TERRITORIES.map((t) => ({
      id: t.id,
      name: t.name,
      adjacent: [...adj.get(t.id)!].sort(),
      unofficial: true,
      note: 'Reconstructed; the printed Bush Raider Map is not available.',
    })),
    places,
    drawing: {
      hexRadius: HEX_RADIUS,
      viewBox: [0, 0, width, height],
      coast,
      lakes: Object.values(lakeShapes).map((r) => ringPath(r)),
      rivers: riverPaths,
    },
  };
  return MaoriWarsMapSchema.parse(map);
}

/** The file as written: one hex, hexside, river, place per line, so a diff reads. */
export function formatMap(map: MaoriWarsMap): string {
  const lines: string[] = ['{'];
  const entries = Object.entries(map);
  entries.forEach(([k, v], i) => {
    const comma = i < entries.length - 1 ? ',' : '';
    if (Array.isArray(v) && v.length && typeof v[0] === 'object') {
      lines.push(`  ${JSON.stringify(k)}: [`);
      v.forEach((x, j) => lines.push(`    ${JSON.stringify(x)}${j < v.length - 1 ? ',' : ''}`));
      lines.push(`  ]${comma}`);
    } else if (k === 'drawing' || k === 'provenance') {
      const o = v as Record<string, unknown>;
      const ks = Object.keys(o);
      lines.push(`  ${JSON.stringify(k)}: {`);
      ks.forEach((kk, j) =>
        lines.push(`    ${JSON.stringify(kk)}: ${JSON.stringify(o[kk])}${j < ks.length - 1 ? ',' : ''}`),
      );
      lines.push(`  }${comma}`);
    } else lines.push(`  ${JSON.stringify(k)}: ${JSON.stringify(v)}${comma}`);
  });
  lines.push('}');
  return lines.join('\n') + '\n';
}

export const MAP_FILE = 'src/maori-wars/data/north-island.json';

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const root = path.resolve(import.meta.dirname, '../..');
  const map = generateNorthIsland(root);
  const text = formatMap(map);
  const count = (t: string) => map.hexes.filter((x) => x.terrain === t).length;
  console.log(
    `${map.cols}×${map.rows} grid, ${map.hexes.length} hexes: ${['clear', 'rough', 'mountain', 'lake', 'ocean'].map((t) => `${count(t)} ${t}`).join(', ')}; ${map.hexsides.length} hexsides, ${map.rivers.length} rivers, ${map.places.length} places; ${(text.length / 1024).toFixed(0)} KB`,
  );
  if (process.argv.includes('--write')) {
    fs.mkdirSync(path.join(root, path.dirname(MAP_FILE)), { recursive: true });
    fs.writeFileSync(path.join(root, MAP_FILE), text);
    console.log(`wrote ${MAP_FILE}`);
  }
}
