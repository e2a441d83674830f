// The service and `npm run adjudicate` read an order line alike (issue 25, point 13): one reader
// (src/diplomacy/orders/power-prefix.ts with the order parser) serves both, so a line accepted by
// one is accepted by the other as the same order, and refused with the same reason.
import { describe, expect, it } from 'vitest';
import { runOne } from '../../src/cli/adjudicate.ts';
import { standardDiplomacy } from '../../src/games/diplomacy.ts';

const LINES = [
  'A Par - Bur',
  'France: A Par - Bur',
  'france : A Paris - Burgundy',
  'FRANCE:A par-bur',
  'Germany: A Par - Bur',
  'England: F Bre - MAO',
  'France: A Par - Nowhere',
  'Paris: A Par - Bur',
  'A Par - Bur: now',
];

describe('one order reader for the service and the CLI', () => {
  it('reads every line the same way: accepted as the same order, or refused', () => {
    const state = standardDiplomacy.setup('a'.repeat(64), 'classic', {});
    for (const line of LINES) {
      const service = standardDiplomacy.readSubmission(state, 'France', [line]).lines[0]!;
      const cli = (
        runOne({
          variant: 'standard',
          phase: { season: 'spring', year: 1901, type: 'movement' },
          units: [{ power: 'France', type: 'A', location: 'par' }],
          orders: [{ power: 'France', text: line }],
        }) as { orders: { result: string; reading?: string; reason?: string }[] }
      ).orders[0]!;
      expect(
        cli.result !== 'illegal',
        `${line}: the service ${service.ok ? 'accepts' : 'refuses'} it, the CLI says ${JSON.stringify(cli)}`,
      ).toBe(service.ok);
      // Both read the same move (the CLI writes the contract's short names, the service the map's full ones).
      if (service.ok) expect(cli.reading, line).toBe('A par - bur');
      else expect(cli.reason, line).toBeTruthy();
    }
  });

  it('a line naming another power is refused by both with the same reason', () => {
    const state = standardDiplomacy.setup('a'.repeat(64), 'classic', {});
    const service = standardDiplomacy.readSubmission(state, 'France', ['Germany: A Par - Bur']).lines[0]!;
    const cli = (
      runOne({
        variant: 'standard',
        phase: { season: 'spring', year: 1901, type: 'movement' },
        units: [{ power: 'France', type: 'A', location: 'par' }],
        orders: [{ power: 'France', text: 'Germany: A Par - Bur' }],
      }) as { orders: { result: string; reason?: string }[] }
    ).orders[0]!;
    expect(service.ok).toBe(false);
    expect(cli).toMatchObject({ result: 'illegal', reason: 'this order is for Germany; you play France' });
    expect(JSON.stringify(service)).toContain('this order is for Germany; you play France');
  });
});
