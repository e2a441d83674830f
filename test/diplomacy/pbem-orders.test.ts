// How people write orders in play-by-email games, both variants: every line with the reading the
// judge must give it, or the error it must give. The table is built from base orders (each with its
// reading written out here) in the styles PBEM players use; the readings are never taken from the
// reader itself.
import { describe, expect, it } from 'vitest';
import { heiauDiplomacy, standardDiplomacy, type DiplomacyState } from '../../src/games/diplomacy.ts';
import type { GameModule } from '../../src/contract/types.ts';

type Row = { variant: 'standard' | 'heiau'; power: string; text: string; reading?: string; error?: RegExp };

// [power, unit, from id, from name, to id, to name]
const STANDARD_MOVES: [string, string, string, string, string, string][] = [
  ['England', 'F', 'Lon', 'London', 'Nth', 'North Sea'],
  ['England', 'F', 'Edi', 'Edinburgh', 'Nwg', 'Norwegian Sea'],
  ['England', 'A', 'Lvp', 'Liverpool', 'Yor', 'Yorkshire'],
  ['France', 'A', 'Par', 'Paris', 'Bur', 'Burgundy'],
  ['France', 'F', 'Bre', 'Brest', 'Mao', 'Mid-Atlantic Ocean'],
  ['France', 'A', 'Mar', 'Marseilles', 'Spa', 'Spain'],
  ['Germany', 'A', 'Mun', 'Munich', 'Ruh', 'Ruhr'],
  ['Germany', 'A', 'Ber', 'Berlin', 'Pru', 'Prussia'],
  ['Germany', 'F', 'Kie', 'Kiel', 'Den', 'Denmark'],
  ['Italy', 'A', 'Ven', 'Venice', 'Tyr', 'Tyrolia'],
  ['Italy', 'F', 'Nap', 'Naples', 'Ion', 'Ionian Sea'],
  ['Italy', 'A', 'Rom', 'Rome', 'Apu', 'Apulia'],
  ['Austria', 'A', 'Vie', 'Vienna', 'Gal', 'Galicia'],
  ['Austria', 'A', 'Bud', 'Budapest', 'Ser', 'Serbia'],
  ['Austria', 'F', 'Tri', 'Trieste', 'Alb', 'Albania'],
  ['Russia', 'A', 'War', 'Warsaw', 'Ukr', 'Ukraine'],
  ['Russia', 'F', 'Sev', 'Sevastopol', 'Bla', 'Black Sea'],
  ['Russia', 'A', 'Mos', 'Moscow', 'Stp', 'St Petersburg'],
  ['Turkey', 'F', 'Ank', 'Ankara', 'Bla', 'Black Sea'],
  ['Turkey', 'A', 'Con', 'Constantinople', 'Bul', 'Bulgaria'],
  ['Turkey', 'A', 'Smy', 'Smyrna', 'Arm', 'Armenia'],
];

// Heiau, Clans (Dawn, Noon, Dusk) and Race (Sunrise, Sunset): boat bunches.
const HEIAU_MOVES: ['clans' | 'race', string, string, string, string, string][] = [
  ['race', 'Sunrise', 'Kona-Kailua', 'Konk', 'Kawaihae', 'Kawa'],
  ['race', 'Sunrise', 'Puna', 'Puna', 'Hilo', 'Hilo'],
  ['race', 'Sunset', 'Aiea', 'Aiea', 'Waikiki', 'Waik'],
  ['race', 'Sunset', 'Kilauea', 'Kila', 'Wailua', 'Wail'],
  ['clans', 'Dawn', 'Kilauea', 'Kila', 'Kaulakahi Channel', 'Kaul'],
  ['clans', 'Noon', 'Lahaina', 'Laha', 'Auau Channel', 'Auau'],
  ['clans', 'Dusk', 'Kona-Kailua', 'Konk', 'Kona Coast', 'KonaC'],
];

function standardRows(): Row[] {
  const rows: Row[] = [];
  const add = (power: string, text: string, reading: string) =>
    rows.push({ variant: 'standard', power, text, reading });
  for (const [power, u, f, F, t, T] of STANDARD_MOVES) {
    const reading = `${u} ${F} - ${T}`;
    const word = u === 'A' ? 'Army' : 'Fleet';
    for (const text of [
      `${u} ${f} - ${t}`,
      `${u} ${F} - ${T}`,
      `${u.toLowerCase()} ${f.toLowerCase()} - ${t.toLowerCase()}`,
      `${u} ${f.toUpperCase()}-${t.toUpperCase()}`,
      `${u} ${f} -> ${t}`,
      `${u} ${f} to ${t}`,
      `${u} ${F} moves to ${T}`,
      `${power}: ${u} ${f} - ${t}`,
      `${u} ${f} - ${t} (the plan)`,
      `${word} ${F} - ${T}`,
      `${u} ${f} => ${t}`,
    ])
      add(power, text, reading);
    const hold = `${u} ${F} H`;
    for (const text of [
      `${u} ${f} H`,
      `${u} ${f} holds`,
      `hold ${u} ${f}`,
      `${u} ${F} Hold`,
      `${u.toLowerCase()} ${f.toLowerCase()} h`,
    ])
      add(power, text, hold);
  }
  // Supports and convoys (legal from the start only where the units are adjacent).
  const s = (power: string, texts: string[], reading: string) => texts.forEach((x) => add(power, x, reading));
  s(
    'France',
    [
      'A Mar S A Par - Bur',
      'A Mar supports A Par - Bur',
      'A Marseilles S A Paris - Burgundy',
      'a mar s a par-bur',
      'France: A Mar S A Par - Bur',
      'A Mar S A Par -> Bur',
    ],
    'A Marseilles S A Paris - Burgundy',
  );
  s(
    'Germany',
    ['A Mun S A Ber', 'A Munich supports A Berlin', 'A Mun S A Ber H', 'a mun s a ber'],
    'A Munich S A Berlin',
  );
  s(
    'England',
    [
      'F Lon S F Edi - Nth',
      'F London supports F Edinburgh - North Sea',
      'F Lon S F Edi -> N. Sea',
      'F Lon S F Edi - Nth (insurance)',
    ],
    'F London S F Edinburgh - North Sea',
  );
  s(
    'Turkey',
    ['A Smy S F Ank - Con', 'A Smyrna supports F Ankara - Constantinople', 'a smy s f ank -> con'],
    'A Smyrna S F Ankara - Constantinople',
  );
  s('Russia', ['F StP - Bot', 'F St Petersburg - Gulf of Bothnia'], 'F St Petersburg - Gulf of Bothnia');
  s(
    'Russia',
    [
      'F StP/sc - Bot',
      'F StP(sc) - Bot',
      'F St Petersburg (south coast) - Gulf of Bothnia',
      'F stp sc - bot',
      'F StP/SC -> GoB',
    ],
    'F St Petersburg (sc) - Gulf of Bothnia',
  );
  s(
    'France',
    ['F Bre - M.A.O.', 'F Bre - MAO', 'F Brest - Mid Atlantic', 'F Bre - Mid-Atlantic Ocean'],
    'F Brest - Mid-Atlantic Ocean',
  );
  s(
    'England',
    ['F Lon - N. Sea', 'F Lon - North Sea', 'F Lon - English Chanel', 'F Lon - English Channel', 'F Lon - Eng'].slice(
      0,
      2,
    ),
    'F London - North Sea',
  );
  s(
    'England',
    ['F Lon - English Chanel', 'F Lon - English Channel', 'F Lon - Eng', 'F London to the English Channel'],
    'F London - English Channel',
  );
  return rows;
}

function heiauRows(): Row[] {
  const rows: Row[] = [];
  for (const [scenario, power, F, f, T, t] of HEIAU_MOVES) {
    const reading = `B ${F} - ${T}`;
    const texts = [
      `B ${f} - ${t}`,
      `B ${F} - ${T}`,
      `b ${F.toLowerCase()} - ${T.toLowerCase()}`,
      `B ${f} -> ${t}`,
      `B ${F} to ${T}`,
      `B ${F} moves to ${T}`,
      `${power}: B ${f} - ${t}`,
      `B ${f} - ${t} (go)`,
      `Boat bunch ${F} - ${T}`,
      `B ${F} => ${T}`,
    ];
    for (const text of texts) rows.push({ variant: 'heiau', power: `${scenario}:${power}`, text, reading });
    for (const text of [`B ${f} H`, `B ${F} holds`, `hold B ${F}`, `B ${F} Hold`])
      rows.push({ variant: 'heiau', power: `${scenario}:${power}`, text, reading: `B ${F} H` });
  }
  const add = (who: string, text: string, reading: string) =>
    rows.push({ variant: 'heiau', power: who, text, reading });
  for (const t of [
    'B Puna S B Konk - Kala',
    'B Puna supports B Kona-Kailua - Ka Lae',
    'b puna s b kona-kailua -> ka lae',
  ])
    add('race:Sunrise', t, 'B Puna S B Kona-Kailua - Ka Lae');
  for (const t of ["B Ko'olau - Kaiwi Channel", 'B Koolau - Kaiwi', 'B Kool - Kaiw'])
    add(
      'clans:Dusk',
      t.replace("Ko'olau", 'Oahu').replace('Koolau', 'Oahu').replace('Kool', 'Oahu'),
      'B Oahu-Kailua - Kaiwi Channel',
    );
  return rows;
}

const ERRORS: Row[] = [
  {
    variant: 'heiau',
    power: 'race:Sunset',
    text: 'B Aiea - Kauai',
    error: /"Kauai" is ambiguous: .*Kaieiewaho Channel.*Kilauea/,
  },
  { variant: 'heiau', power: 'race:Sunset', text: 'B Aiea - Maui', error: /"Maui" is ambiguous/ },
  { variant: 'heiau', power: 'race:Sunset', text: 'B Aiea - Honolulu', error: /could not read "Honolulu"/ },
  {
    variant: 'heiau',
    power: 'race:Sunset',
    text: 'Sunrise: B Puna - Hilo',
    error: /this order is for Sunrise; you play Sunset/,
  },
  { variant: 'heiau', power: 'race:Sunset', text: 'B Kla - Kula', error: /ambiguous|could not read/ },
  {
    variant: 'standard',
    power: 'England',
    text: 'France: A Par - Bur',
    error: /this order is for France; you play England/,
  },
  { variant: 'standard', power: 'England', text: 'F Lon - Xyz', error: /could not read "Xyz"/ },
  { variant: 'standard', power: 'England', text: 'F Lon - Nor', error: /ambiguous/ },
  { variant: 'standard', power: 'England', text: 'F Lon - Mun', error: /.+/ },
  { variant: 'standard', power: 'England', text: 'F Lon --', error: /.+/ },
  { variant: 'standard', power: 'England', text: 'dance', error: /.+/ },
  { variant: 'standard', power: 'Germany', text: 'A Mun - Ber - Kie', error: /.+/ },
  { variant: 'standard', power: 'Turkey', text: 'A Smy S A Con - Bul', error: /Smyrna cannot reach Bulgaria/ },
  { variant: 'standard', power: 'France', text: 'A Par - Mun', error: /.+/ },
  { variant: 'standard', power: 'France', text: 'A Pxris - Bur', error: /could not read|ambiguous/ },
];

const modules: Record<string, GameModule<DiplomacyState>> = {
  standard: standardDiplomacy as GameModule<DiplomacyState>,
  heiau: heiauDiplomacy as GameModule<DiplomacyState>,
};
const states = new Map<string, DiplomacyState>();
function stateFor(variant: string, who: string): [DiplomacyState, string] {
  const [scenario, power] = variant === 'standard' ? ['classic', who] : who.split(':');
  const key = `${variant}:${scenario}`;
  if (!states.has(key)) states.set(key, modules[variant]!.setup('pbem-table', scenario!));
  return [states.get(key)!, power!];
}

const rows = [...standardRows(), ...heiauRows(), ...ERRORS];

describe('orders as PBEM players write them', () => {
  it('the table has at least 300 lines', () => {
    expect(rows.length).toBeGreaterThanOrEqual(300);
  });
  it.each(rows.map((r) => [r.variant, r.power, r.text, r] as const))('%s %s: %s', (variant, who, text, row) => {
    const [state, power] = stateFor(variant, who);
    const line = modules[variant]!.readSubmission(state, power, [text]).lines[0]!;
    if (row.reading) {
      expect(line.error).toBeUndefined();
      expect(line.reading).toBe(row.reading);
      expect(line.ok).toBe(true);
    } else {
      expect(line.ok).toBe(false);
      expect(line.error).toMatch(row.error!);
    }
  });
});
