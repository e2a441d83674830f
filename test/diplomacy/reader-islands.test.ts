// The order reader never misreads a place: an island that is several spaces (Kauai, Maui,
// Molokai, Hawaii) is an error listing them, never silently the channel whose name starts with it.
import { describe, expect, it } from 'vitest';
import { heiauDiplomacy } from '../../src/games/diplomacy.ts';
import { resolveLocationName } from '../../src/diplomacy/orders/index.ts';
import { getVariant } from '../../src/diplomacy/variants/index.ts';

const map = getVariant('heiau')!.map;

describe('islands are not spaces', () => {
  it('"B Aiea - Kauai" is refused with the places it could mean, not read as the Kauai Channel', () => {
    const s = heiauDiplomacy.setup('islands', 'race');
    const r = heiauDiplomacy.readSubmission(s, 'Sunset', ['B Aiea - Kauai']);
    expect(r.lines[0]!.ok).toBe(false);
    expect(r.lines[0]!.error).toMatch(/"Kauai" is ambiguous: .*Kaieiewaho Channel.*Kilauea.*Wailua.*Waimea/);
    // The channel by its full name still reads.
    expect(heiauDiplomacy.readSubmission(s, 'Sunset', ['B Aiea - Kauai Channel']).lines[0]).toMatchObject({
      ok: true,
      reading: 'B Aiea - Kaieiewaho Channel',
    });
  });

  it.each(['Maui', 'Molokai', 'Hawaii'])('%s names several spaces: ambiguous, listing them', (island) => {
    const r = resolveLocationName(map, island);
    expect(r.ok).toBe(false);
    expect((r as { candidates?: string[] }).candidates!.length).toBeGreaterThan(1);
  });

  it('islands that are one space of the same name still read as it (Oahu, Lanai, Niihau)', () => {
    for (const [name, id] of [
      ['Oahu', 'oahu'],
      ['Lanai', 'lana'],
      ['Niihau', 'niih'],
    ])
      expect(resolveLocationName(map, name!)).toEqual({ ok: true, location: id });
  });
});
