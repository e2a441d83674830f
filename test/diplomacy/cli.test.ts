// The command-line contract (shared/contracts/adjudicate.md), by running the real CLI:
// JSON or NDJSON on stdin, one JSON line per input on stdout, exit 2 and {"error","line"} on
// stderr for malformed input (earlier lines keep their output).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { getVariant } from '../../src/diplomacy/variants/index.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  lines: any[];
}

function cli(stdin: string): Promise<Run> {
  return new Promise((resolve, reject) => {
    // What `npm run adjudicate` runs: the prebuilt bundle (scripts/adjudicate.mjs).
    const child = spawn(process.execPath, ['scripts/adjudicate.mjs'], { cwd: ROOT });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b) => (stdout += b));
    child.stderr.on('data', (b) => (stderr += b));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code,
        stdout,
        stderr,
        lines: stdout
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l)),
      }),
    );
    child.stdin.end(stdin);
  });
}

const ndjson = (...xs: unknown[]) => xs.map((x) => JSON.stringify(x)).join('\n') + '\n';

type Season = 'spring' | 'fall' | 'winter';
const phase = (season: Season, type: 'movement' | 'retreat' | 'adjustment', year = 1901) => ({ season, year, type });
const unit = (power: string, type: string, location: string) => ({ power, type, location });
const orders = (power: string, ...texts: string[]) => texts.map((text) => ({ power, text }));
const RESULTS = ['succeeds', 'fails', 'illegal', 'void'];

/** Every output object keeps the contract's shape for its input. */
function expectShape(input: any, out: any) {
  const map = getVariant(input.variant ?? 'standard')!.map;
  expect(out.orders).toHaveLength(input.orders.length);
  out.orders.forEach((o: any, i: number) => {
    expect(o.power).toBe(input.orders[i].power);
    expect(o.text).toBe(input.orders[i].text);
    expect(RESULTS).toContain(o.result);
    if (o.result === 'illegal') expect(typeof o.reason).toBe('string');
  });
  for (const u of out.units) {
    expect(Object.keys(u).sort()).toEqual(['location', 'power', 'type']);
    expect(map.location(u.location), u.location).toBeDefined();
  }
  expect(typeof out.supplyCenters).toBe('object');
  for (const [p, owner] of Object.entries(out.supplyCenters)) {
    expect(map.province(p), p).toBeDefined();
    expect(typeof owner).toBe('string');
  }
  if (input.phase.type === 'movement') {
    expect(Array.isArray(out.contested)).toBe(true);
    for (const d of out.dislodged) {
      expect(map.province(d.attackerFrom)).toBeDefined();
      expect(Array.isArray(d.retreats)).toBe(true);
      for (const r of d.retreats) expect(map.location(r), r).toBeDefined();
    }
  }
}

const byLocation = (us: { location: string }[]) => [...us].sort((a, b) => a.location.localeCompare(b.location));

const spring1901 = {
  variant: 'standard',
  phase: phase('spring', 'movement'),
  units: [
    unit('England', 'F', 'lon'),
    unit('England', 'F', 'edi'),
    unit('England', 'A', 'lvp'),
    unit('France', 'A', 'par'),
  ],
  supplyCenters: { lon: 'England', edi: 'England', lvp: 'England', par: 'France' },
  orders: [...orders('England', 'F lon - nth', 'F edi - nwg', 'A lvp - yor'), ...orders('France', 'A par - bur')],
};

describe('adjudicate CLI: input forms', () => {
  it('reads one pretty-printed JSON object and writes one line', async () => {
    const r = await cli(JSON.stringify(spring1901, null, 2));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
    const out = r.lines[0];
    expectShape(spring1901, out);
    expect(out.orders.map((o: any) => o.result)).toEqual(['succeeds', 'succeeds', 'succeeds', 'succeeds']);
    expect(byLocation(out.units)).toEqual(
      byLocation([
        unit('England', 'F', 'nth'),
        unit('England', 'F', 'nwg'),
        unit('England', 'A', 'yor'),
        unit('France', 'A', 'bur'),
      ]),
    );
    expect(out.dislodged).toEqual([]);
    expect(out.contested).toEqual([]);
    // Spring: centres do not change hands.
    expect(out.supplyCenters).toEqual(spring1901.supplyCenters);
  });

  it('answers an NDJSON batch with one line per input, in order', async () => {
    const bounce = {
      variant: 'standard',
      phase: phase('spring', 'movement'),
      units: [unit('Germany', 'A', 'mun'), unit('France', 'A', 'mar')],
      orders: [...orders('Germany', 'A mun - bur'), ...orders('France', 'A mar - bur')],
    };
    const holdOnly = {
      variant: 'standard',
      phase: phase('spring', 'movement'),
      units: [unit('Russia', 'A', 'mos')],
      orders: [],
    };
    const inputs = [spring1901, bounce, holdOnly];
    const r = await cli(ndjson(...inputs));
    expect(r.code).toBe(0);
    expect(r.stdout.endsWith('\n')).toBe(true);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(3);
    r.lines.forEach((out, i) => expectShape(inputs[i], out));
    expect(r.lines[0].units).toContainEqual(unit('England', 'F', 'nth'));
    // The second: a standoff in Burgundy, which is left contested.
    expect(r.lines[1].orders.map((o: any) => o.result)).toEqual(['fails', 'fails']);
    expect(r.lines[1].contested).toEqual(['bur']);
    expect(byLocation(r.lines[1].units)).toEqual(byLocation(bounce.units));
    // The third: an unordered unit holds.
    expect(r.lines[2]).toMatchObject({ orders: [], units: [unit('Russia', 'A', 'mos')], dislodged: [], contested: [] });
  });

  it('answers each line of a batch as it answers that line alone, when lines repeat order texts across phase types and variants', async () => {
    // The CLI reads each order text once per variant and phase type; the same words must still
    // mean what they mean in each phase (a build is illegal in movement, a move in adjustments).
    const move = {
      variant: 'standard',
      phase: phase('spring', 'movement'),
      units: [unit('France', 'A', 'par'), unit('Germany', 'A', 'mun')],
      orders: [
        ...orders('France', 'A par - bur', 'build A mar', 'A par - nowhere'),
        ...orders('Germany', 'A par - bur'),
      ],
    };
    const build = {
      variant: 'standard',
      phase: phase('winter', 'adjustment'),
      units: [unit('France', 'A', 'bur')],
      supplyCenters: { par: 'France', mar: 'France', bur: 'France' },
      orders: orders('France', 'A par - bur', 'build A mar', 'A par - nowhere'),
    };
    const heiau = {
      variant: 'heiau',
      phase: phase('spring', 'movement'),
      units: [],
      orders: orders('Sunrise', 'A par - bur'),
    };
    const inputs = [move, build, move, heiau, build];
    const batch = await cli(ndjson(...inputs));
    expect(batch.code).toBe(0);
    const alone = await Promise.all(inputs.slice(0, 4).map((x) => cli(ndjson(x))));
    expect(batch.lines).toEqual([...alone.map((r) => r.lines[0]), alone[1].lines[0]]);
    expect(batch.lines[0].orders.map((o: any) => o.result)).toEqual(['succeeds', 'illegal', 'illegal', 'illegal']);
    expect(batch.lines[1].orders.map((o: any) => o.result)).toEqual(['illegal', 'succeeds', 'illegal']);
    expect(batch.lines[2].orders[2].reason).toBe(batch.lines[0].orders[2].reason);
  });
  it('accepts full names, abbreviations and any case, in units, centres, orders and power names', async () => {
    const input = {
      variant: 'standard',
      phase: phase('spring', 'movement'),
      units: [
        unit('England', 'F', 'London'),
        unit('England', 'A', 'LVP'),
        unit('Russia', 'F', 'St Petersburg (SC)'),
        unit('Turkey', 'F', 'ANKARA'),
      ],
      supplyCenters: { London: 'England', STP: 'Russia' },
      orders: [
        ...orders('england', 'f LONDON - north sea', 'A Liverpool to YORK'),
        ...orders('RUSSIA', 'F st petersburg/sc - Gulf of Bothnia'),
        ...orders('Turkey', 'F ank - BLACK SEA'),
      ],
    };
    const r = await cli(ndjson(input));
    expect(r.code).toBe(0);
    const out = r.lines[0];
    expectShape(input, out);
    expect(out.orders.map((o: any) => o.result)).toEqual(['succeeds', 'succeeds', 'succeeds', 'succeeds']);
    expect(out.orders.map((o: any) => o.reading)).toEqual([
      'F lon - nth',
      'A lvp - yor',
      'F stp/sc - bot',
      'F ank - bla',
    ]);
    expect(byLocation(out.units)).toEqual(
      byLocation([
        unit('England', 'F', 'nth'),
        unit('England', 'A', 'yor'),
        unit('Russia', 'F', 'bot'),
        unit('Turkey', 'F', 'bla'),
      ]),
    );
    // Locations come out as ids, lower case.
    expect(out.supplyCenters).toEqual({ lon: 'England', stp: 'Russia' });
  });

  it('reports every result kind with its shape: succeeds, fails, illegal with a reason, void', async () => {
    const input = {
      variant: 'standard',
      phase: phase('spring', 'movement'),
      units: [
        unit('Germany', 'A', 'mun'),
        unit('Germany', 'A', 'ber'),
        unit('France', 'A', 'mar'),
        unit('France', 'A', 'par'),
        unit('England', 'F', 'lon'),
      ],
      orders: [
        ...orders('Germany', 'A mun - bur', 'A ber S A mun - sil'),
        ...orders('France', 'A mar - bur', 'A par S A mar - bur'),
        ...orders('England', 'F lon - par', 'F lon - wal', 'A xyz - nowhere'),
      ],
    };
    const r = await cli(ndjson(input));
    expect(r.code).toBe(0);
    const out = r.lines[0];
    expectShape(input, out);
    const [mun, ber, mar, par, lonPar, lonWal, nonsense] = out.orders;
    expect(mun).toMatchObject({ result: 'fails' }); // beaten by the supported French move
    expect(ber).toMatchObject({ result: 'void' }); // Munich does not go to Silesia
    expect(mar.result).toBe('succeeds');
    expect(par.result).toBe('succeeds');
    expect(lonPar.result).toBe('illegal'); // London is not next to Paris
    expect(lonPar.reason).toMatch(/adjacent/);
    expect(lonWal.result).toBe('illegal'); // a second order for the fleet: the first counts
    expect(lonWal.reason).toMatch(/already has an order/);
    expect(nonsense.result).toBe('illegal'); // unreadable
    expect(nonsense.reason).toBeTruthy();
    expect(byLocation(out.units)).toEqual(
      byLocation([
        unit('Germany', 'A', 'mun'),
        unit('Germany', 'A', 'ber'),
        unit('France', 'A', 'bur'),
        unit('France', 'A', 'par'),
        unit('England', 'F', 'lon'),
      ]),
    );
  });
});

describe('adjudicate CLI: retreats, adjustments, centres', () => {
  it('a movement phase reports the dislodged unit, its attacker and its retreats', async () => {
    const input = {
      variant: 'standard',
      phase: phase('spring', 'movement'),
      units: [
        unit('Austria', 'A', 'tyr'),
        unit('Austria', 'A', 'tri'),
        unit('Italy', 'A', 'ven'),
        unit('Italy', 'A', 'rom'),
        unit('France', 'A', 'pie'),
      ],
      orders: [
        ...orders('Austria', 'A tyr - ven', 'A tri S A tyr - ven'),
        ...orders('Italy', 'A ven H', 'A rom H'),
        ...orders('France', 'A pie H'),
      ],
    };
    const r = await cli(ndjson(input));
    const out = r.lines[0];
    expectShape(input, out);
    expect(out.orders.map((o: any) => o.result)).toEqual(['succeeds', 'succeeds', 'fails', 'succeeds', 'succeeds']);
    // Venice's neighbours: tyr (the attacker's origin), tri, rom and pie (occupied), adr (a sea), apu and tus (open).
    expect(out.dislodged).toEqual([
      { power: 'Italy', type: 'A', location: 'ven', attackerFrom: 'tyr', retreats: ['apu', 'tus'] },
    ]);
    expect(out.units).not.toContainEqual(unit('Italy', 'A', 'ven'));
    expect(out.units).toContainEqual(unit('Austria', 'A', 'ven'));
  });

  it('retreat phase: with listed retreats, without them (worked out from attacker and contested), with attackerConvoyed', async () => {
    const base = {
      variant: 'standard',
      phase: phase('spring', 'retreat', 1902),
      units: [unit('Austria', 'A', 'ven'), unit('Austria', 'A', 'tri')],
    };
    // Listed retreats are the ones allowed.
    const listed = {
      ...base,
      dislodged: [{ power: 'Italy', type: 'A', location: 'ven', attackerFrom: 'tyr', retreats: ['pie', 'apu'] }],
      orders: orders('Italy', 'A ven - pie'),
    };
    const notListed = { ...listed, orders: orders('Italy', 'A ven - rom') };
    // Worked out: tyr is the attacker's origin, pie was contested, tri is occupied; rom and apu are open.
    const worked = {
      ...base,
      dislodged: [{ power: 'Italy', type: 'A', location: 'Venice', attackerFrom: 'Tyrolia' }],
      contested: ['Piedmont'],
      orders: orders('italy', 'A ven - tyr', 'A ven - pie', 'A ven - tri', 'A ven - Rome'),
    };
    // Convoyed attacker: its origin is open for the retreat; without the flag it is not.
    const convoyed = {
      variant: 'standard',
      phase: phase('spring', 'retreat', 1902),
      units: [unit('Austria', 'A', 'apu')],
      dislodged: [{ power: 'Italy', type: 'A', location: 'apu', attackerFrom: 'ven', attackerConvoyed: true }],
      orders: orders('Italy', 'A apu - ven'),
    };
    const direct = { ...convoyed, dislodged: [{ power: 'Italy', type: 'A', location: 'apu', attackerFrom: 'ven' }] };
    // Two retreats into one province: both disbanded. An unordered dislodged unit: disbanded.
    const clash = {
      variant: 'standard',
      phase: phase('spring', 'retreat', 1902),
      units: [unit('Germany', 'A', 'bur'), unit('Germany', 'A', 'tyr'), unit('Austria', 'A', 'ven')],
      dislodged: [
        { power: 'France', type: 'A', location: 'bur', attackerFrom: 'ruh' },
        { power: 'Italy', type: 'A', location: 'tyr', attackerFrom: 'boh' },
        { power: 'Italy', type: 'A', location: 'ven', attackerFrom: 'tri' },
      ],
      orders: [...orders('France', 'A bur - mun'), ...orders('Italy', 'A tyr - mun')],
    };
    const inputs = [listed, notListed, worked, convoyed, direct, clash];
    const r = await cli(ndjson(...inputs));
    expect(r.code).toBe(0);
    r.lines.forEach((out, i) => expectShape(inputs[i], out));
    const [a, b, c, d, e, f] = r.lines;
    expect(a.orders[0].result).toBe('succeeds');
    expect(byLocation(a.units)).toEqual(byLocation([...base.units, unit('Italy', 'A', 'pie')]));
    expect(b.orders[0]).toMatchObject({ result: 'illegal' });
    expect(b.orders[0].reason).toMatch(/not among the retreats/);
    expect(b.units).toEqual(base.units);
    expect(c.orders.map((o: any) => o.result)).toEqual(['illegal', 'illegal', 'illegal', 'succeeds']);
    expect(byLocation(c.units)).toEqual(byLocation([...base.units, unit('Italy', 'A', 'rom')]));
    expect(d.orders[0].result).toBe('succeeds');
    expect(d.units).toContainEqual(unit('Italy', 'A', 'ven'));
    expect(e.orders[0].result).toBe('illegal');
    expect(e.units).toEqual([unit('Austria', 'A', 'apu')]);
    expect(f.orders.map((o: any) => o.result)).toEqual(['fails', 'fails']);
    expect(f.units).toEqual(clash.units);
    expect(byLocation(f.disbanded)).toEqual(
      byLocation(clash.dislodged.map(({ power, type, location }) => unit(power, type, location))),
    );
  });

  it('adjustment phase: builds up to the centres owned, civil disorder removes the farthest units', async () => {
    const input = {
      variant: 'standard',
      phase: phase('winter', 'adjustment'),
      units: [
        unit('England', 'F', 'nth'),
        unit('England', 'A', 'yor'),
        unit('England', 'F', 'nwg'),
        unit('France', 'A', 'par'),
        unit('France', 'A', 'bur'),
        unit('France', 'F', 'mao'),
        unit('France', 'A', 'spa'),
      ],
      supplyCenters: { lon: 'England', edi: 'England', lvp: 'England', nwy: 'England', par: 'France' },
      orders: [...orders('england', 'Build A Liverpool', 'build f edi'), ...orders('France', 'build A mar')],
    };
    const r = await cli(ndjson(input));
    expect(r.code).toBe(0);
    const out = r.lines[0];
    expectShape(input, out);
    expect(out.orders.map((o: any) => o.result)).toEqual(['succeeds', 'illegal', 'illegal']);
    expect(out.orders[1].reason).toMatch(/only 1 build/);
    // France has 1 centre and 4 units, orders no disband: mao and spa are two moves from Paris
    // (the fleet goes first), Burgundy one; the army in Paris stays.
    expect(out.disbanded).toEqual([unit('France', 'F', 'mao'), unit('France', 'A', 'spa'), unit('France', 'A', 'bur')]);
    expect(byLocation(out.units)).toEqual(
      byLocation([
        unit('England', 'F', 'nth'),
        unit('England', 'A', 'yor'),
        unit('England', 'F', 'nwg'),
        unit('England', 'A', 'lvp'),
        unit('France', 'A', 'par'),
      ]),
    );
    expect(out.supplyCenters).toEqual(input.supplyCenters);
  });

  it('Fall: centres change hands after movement when nothing is dislodged, else after the retreats; never in Spring', async () => {
    const units = [unit('England', 'F', 'nth'), unit('England', 'A', 'bel'), unit('France', 'A', 'pic')];
    const supplyCenters = { bel: 'France', lon: 'England' };
    const fallMove = {
      variant: 'standard',
      phase: phase('fall', 'movement'),
      units,
      supplyCenters,
      orders: orders('England', 'F nth - hol'),
    };
    const springMove = { ...fallMove, phase: phase('spring', 'movement') };
    // A dislodgement in Fall: the capture waits for the retreat phase.
    const fallDislodge = {
      variant: 'standard',
      phase: phase('fall', 'movement'),
      units: [
        unit('England', 'F', 'nth'),
        unit('England', 'F', 'eng'),
        unit('France', 'F', 'bel'),
        unit('Germany', 'A', 'hol'),
      ],
      supplyCenters: { bel: 'France', hol: 'Germany' },
      orders: [...orders('England', 'F nth - bel', 'F eng S F nth - bel'), ...orders('Germany', 'A hol - kie')],
    };
    const fallRetreat = {
      variant: 'standard',
      phase: phase('fall', 'retreat'),
      units: [unit('England', 'F', 'bel'), unit('England', 'F', 'eng'), unit('Germany', 'A', 'kie')],
      dislodged: [{ power: 'France', type: 'F', location: 'bel', attackerFrom: 'nth' }],
      supplyCenters: { bel: 'France', hol: 'Germany' },
      orders: orders('France', 'F bel - hol'),
    };
    const inputs = [fallMove, springMove, fallDislodge, fallRetreat];
    const r = await cli(ndjson(...inputs));
    expect(r.code).toBe(0);
    r.lines.forEach((out, i) => expectShape(inputs[i], out));
    const [fm, sm, fd, fr] = r.lines;
    expect(fm.orders[0].result).toBe('succeeds');
    // England takes Holland (moved in) and Belgium (stood there); London stays English.
    expect(fm.supplyCenters).toEqual({ bel: 'England', lon: 'England', hol: 'England' });
    expect(sm.supplyCenters).toEqual(supplyCenters);
    expect(fd.orders.map((o: any) => o.result)).toEqual(['succeeds', 'succeeds', 'succeeds']);
    expect(fd.dislodged).toHaveLength(1);
    expect(fd.dislodged[0]).toMatchObject({ power: 'France', location: 'bel', attackerFrom: 'nth' });
    expect(fd.dislodged[0].retreats).toContain('hol');
    expect(fd.supplyCenters).toEqual({ bel: 'France', hol: 'Germany' });
    // After the Fall retreats: England has Belgium, France retreated into Holland and takes it.
    expect(fr.orders[0].result).toBe('succeeds');
    // Germany's army in Kiel takes that centre too.
    expect(fr.supplyCenters).toEqual({ bel: 'England', hol: 'France', kie: 'Germany' });
  });

  it('Heiau: an army builds boats, a European fleet builds its trading post', async () => {
    const input = {
      variant: 'heiau',
      phase: phase('spring', 'movement', 1795),
      units: [
        unit('Sunrise', 'A', 'Kohala'),
        unit('Haole', 'F', 'kool'),
        unit('Sunset', 'A', 'koho'),
        unit('Sunset', 'A', 'kula'),
      ],
      supplyCenters: { koho: 'Sunset' },
      orders: [
        ...orders('Sunrise', 'A Kohala = B'),
        ...orders('haole', "F Ko'olau = C"),
        ...orders('Sunset', 'A KOHO = B', 'A kula = B'),
      ],
    };
    const r = await cli(ndjson(input));
    expect(r.code).toBe(0);
    const out = r.lines[0];
    expectShape(input, out);
    expect(out.orders.map((o: any) => o.result)).toEqual(['succeeds', 'succeeds', 'succeeds', 'illegal']);
    expect(byLocation(out.units)).toEqual(
      byLocation([
        unit('Sunrise', 'B', 'koha'),
        unit('Haole', 'F', 'kool'),
        unit('Sunset', 'B', 'koho'),
        unit('Sunset', 'A', 'kula'),
      ]),
    );
    expect(out.orders[3].reason).toMatch(/shore/); // Kula is inland
    expect(out.tradingPosts).toEqual({ kool: 'Haole' });
    expect(out.supplyCenters).toEqual({ koho: 'Sunset', kool: 'Haole' });
  });
});

describe('adjudicate CLI: malformed input', () => {
  const good = ndjson(spring1901).trimEnd();

  it.each([
    ['a line that is not JSON', '{"variant": "standard", '],
    ['an unknown variant', JSON.stringify({ ...spring1901, variant: 'chaos' })],
    [
      'a field of the wrong type (year as text)',
      JSON.stringify({ ...spring1901, phase: { season: 'spring', year: '1901', type: 'movement' } }),
    ],
    ['a field of the wrong type (units not a list)', JSON.stringify({ ...spring1901, units: 'F lon' })],
    [
      'a field of the wrong type (order text a number)',
      JSON.stringify({ ...spring1901, orders: [{ power: 'England', text: 42 }] }),
    ],
    ['an unknown unit type', JSON.stringify({ ...spring1901, units: [unit('England', 'X', 'lon')] })],
  ])('%s: exit 2, {"error","line"} on stderr, earlier lines answered', async (_what, bad) => {
    const r = await cli([good, good, bad, good].join('\n') + '\n');
    expect(r.code).toBe(2);
    expect(r.lines).toHaveLength(2);
    r.lines.forEach((out) => expectShape(spring1901, out));
    const err = JSON.parse(r.stderr.trim());
    expect(Object.keys(err).sort()).toEqual(['error', 'line']);
    expect(err.line).toBe(3);
    expect(typeof err.error).toBe('string');
    expect(err.error.length).toBeGreaterThan(0);
  });

  it.each([
    [
      'a Standard fleet in Munich',
      { ...spring1901, units: [unit('Germany', 'F', 'mun')], orders: [] },
      /units\[0\]: a fleet of Germany in Munich: a fleet cannot stand there/,
    ],
    [
      'an army at sea',
      { ...spring1901, units: [unit('England', 'A', 'nth')], orders: [] },
      /units\[0\]: an army of England in North Sea: an army cannot stand there/,
    ],
    [
      'two units in one province',
      { ...spring1901, units: [unit('England', 'F', 'lon'), unit('France', 'A', 'lon')], orders: [] },
      /units\[1\]: an army of France in London: a fleet of England in London is there already/,
    ],
    [
      'an unknown power',
      { ...spring1901, units: [unit('Atlantis', 'F', 'lon')], orders: [] },
      /units\[0\]: unknown power 'Atlantis'/,
    ],
    [
      'a boat bunch in an ocean (Heiau)',
      {
        variant: 'heiau',
        phase: { season: 'spring', year: 1, type: 'movement' },
        units: [unit('Sunrise', 'B', 'npo')],
        orders: [],
      },
      /units\[0\]: a boat bunch of Sunrise in North Pacific Ocean: a boat bunch cannot stand there/,
    ],
    [
      'a fleet on Makanalua without a coast (Heiau)',
      {
        variant: 'heiau',
        phase: { season: 'spring', year: 1, type: 'movement' },
        units: [unit('Haole', 'F', 'makn')],
        orders: [],
      },
      /units\[0\]: a fleet of Haole in Makanalua: a fleet cannot stand there/,
    ],
  ])('an impossible position is refused with exit 2, naming the unit: %s', async (_what, input, message) => {
    const r = await cli(JSON.stringify(input));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr.trim()).error).toMatch(message);
  });

  it('a single malformed object: exit 2 on line 1, nothing on stdout', async () => {
    const r = await cli(JSON.stringify({ ...spring1901, variant: 'chaos' }, null, 2));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(JSON.parse(r.stderr.trim())).toMatchObject({ line: 1 });
    expect(JSON.parse(r.stderr.trim()).error).toMatch(/chaos/);
  });
});
