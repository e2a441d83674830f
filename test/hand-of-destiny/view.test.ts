import { describe, expect, it } from 'vitest';
import { hawaii1795 } from '../../src/games/hawaii1795.ts';
import { EMPTY_SUBMISSION, resolveTurn } from '../../src/hand-of-destiny/engine.ts';
import { A, hold, K, newGame, position, turnWith } from './helpers.ts';

type V = {
  cards: Record<
    string,
    {
      held: { number: number }[] | null;
      heldCount: number;
      deckCount: number;
      deckOrder?: number[];
      drawn: { number: number } | null;
    }
  >;
  rng?: unknown;
  seed?: unknown;
  spaces: { id: string; units: { id: string }[]; hidden: { side: string; count: number }[] }[];
  standing: Record<string, unknown>;
};

const s0 = () => turnWith(hold(hold(newGame(), A, 6), K, 7), K, 9, 4);

describe('views (each reader sees only what is theirs)', () => {
  it("a player sees his own held cards, only the number of the other's, and no deck order or dice stream", () => {
    const s = s0();
    const k = hawaii1795.view(s, { kind: 'player', role: K }) as V;
    expect(k.cards[K]!.held!.map((c) => c.number)).toEqual([7]);
    expect(k.cards[A]!.held).toBeNull();
    expect(k.cards[A]!.heldCount).toBe(1);
    expect(k.cards[K]!.deckOrder).toBeUndefined();
    expect(k.rng).toBeUndefined();
    expect(k.seed).toBeUndefined();
    expect(JSON.stringify(k)).not.toMatch(/Hold the Line/);
    expect(k.standing[A]).toBeUndefined();
    expect(k.standing[K]).toBeDefined();
  });

  it('an observer sees no hand and no standing instructions; the moderator sees hands but not the deck order, the seed or the dice stream (10.14)', () => {
    const s = s0();
    const o = hawaii1795.view(s, { kind: 'observer' }) as V;
    expect(o.cards[K]!.held).toBeNull();
    expect(o.cards[A]!.held).toBeNull();
    expect(o.standing).toEqual({});
    const m = hawaii1795.view(s, { kind: 'moderator' }) as V;
    expect(m.cards[A]!.held!.map((c) => c.number)).toEqual([6]);
    // Whoever knows the deck order knows every coming draw: not even the moderator sees it.
    expect(m.cards[K]!.deckOrder).toBeUndefined();
    expect(m.cards[K]!.deckCount).toBe(s.decks[K]!.draw.length + s.decks[K]!.opening.length);
    // The judge publishes the seed when the game ends: not even the moderator gets it (or the
    // stream it started) from the view before then.
    expect(m.rng).toBeUndefined();
    expect(m.seed).toBeUndefined();
  });

  it('shows the card drawn face up to both players (8.0)', () => {
    const s = s0();
    const a = hawaii1795.view(s, { kind: 'player', role: A }) as V;
    expect(a.cards[K]!.drawn!.number).toBe(9);
  });

  it('fog of war (option, system 10.0) hides enemy stacks unless the reader shares the space', () => {
    let s = newGame('long', { fogOfWar: true });
    s = position(s, {
      kamehameha: 'kona',
      'k-warriors-1': 'maui',
      kalani: 'oahu-1',
      'a-warriors-1': 'oahu-1',
      'maui-warriors-1': 'maui',
    });
    const k = hawaii1795.view(s, { kind: 'player', role: K }) as V;
    const oahu = k.spaces.find((x) => x.id === 'oahu-1')!;
    expect(oahu.units).toEqual([]);
    expect(oahu.hidden).toEqual([{ side: A, count: 2 }]);
    const maui = k.spaces.find((x) => x.id === 'maui')!;
    expect(maui.units.map((u) => u.id).sort()).toEqual(['k-warriors-1', 'maui-warriors-1']);
    const plain = hawaii1795.view(position(newGame('long', { fogOfWar: false }), { kalani: 'oahu-1' }), {
      kind: 'player',
      role: K,
    }) as V;
    expect(plain.spaces.find((x) => x.id === 'oahu-1')!.units).toHaveLength(1);
    expect(hawaii1795.formatPosition(s, { kind: 'player', role: K })).toMatch(
      /Allied Chiefs: hidden ×2 \(2 units under the fog of war\)/,
    );
  });

  it("keeps a player's refused orders out of the other player's report", () => {
    const s = s0();
    const bad = {
      ...EMPTY_SUBMISSION,
      moves: [{ type: 'land' as const, units: ['kamehameha'], path: ['kona', 'maui'] }],
    };
    const r = resolveTurn(s, { [K]: bad });
    expect(hawaii1795.formatReport(r.report, { kind: 'player', role: K })).toMatch(/Order not carried out/);
    expect(hawaii1795.formatReport(r.report, { kind: 'player', role: A })).not.toMatch(/Order not carried out/);
    expect(hawaii1795.formatReport(r.report, { kind: 'moderator' })).toMatch(/Order not carried out/);
  });

  it('formats the position for email', () => {
    const text = hawaii1795.formatPosition(newGame(), { kind: 'player', role: K });
    expect(text).toMatch(/Hawaii 1795 \(unofficial reconstructed scenario data\): January 1795, Kamehameha's turn/);
    expect(text).toMatch(/Kona \[fort\]: Kamehameha: Kamehameha \(3\+\)/);
    expect(text).toMatch(/Kamehameha cards: drawn #1 Vancouver's Cannon; held: none/);
  });
});
