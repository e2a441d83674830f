// Every one-letter slip (a letter changed, dropped, added, or two neighbours swapped) of every
// space's name, in both variants: the reader either reads the space meant, or refuses the word
// (unknown, or ambiguous with the places listed). It never reads a slip as a different space.
import { describe, expect, it } from 'vitest';
import { resolveLocationName } from '../../src/diplomacy/orders/index.ts';
import { getVariant } from '../../src/diplomacy/variants/index.ts';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function slips(word: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i < word.length; i++) {
    out.add(word.slice(0, i) + word.slice(i + 1));
    if (i + 1 < word.length) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
    for (const c of LETTERS) out.add(word.slice(0, i) + c + word.slice(i + 1));
  }
  for (let i = 0; i <= word.length; i++) for (const c of LETTERS) out.add(word.slice(0, i) + c + word.slice(i));
  out.delete(word);
  return [...out].filter((w) => /[a-z]/.test(w));
}

function exactly(map: NonNullable<ReturnType<typeof getVariant>>['map'], word: string): boolean {
  const key = word.replace(/ /g, '');
  return map.provinces.some(
    (p) => p.id === key || [p.name, ...p.aliases].some((n) => n.toLowerCase().replace(/[^a-z]/g, '') === key),
  );
}

describe.each(['standard', 'heiau'])('typos in %s', (variantId) => {
  it('are never read as another space', () => {
    const map = getVariant(variantId)!.map;
    const misread: string[] = [];
    let tried = 0;
    for (const p of map.provinces) {
      const name = p.name.toLowerCase().replace(/[^a-z ]/g, '');
      if (name.replace(/ /g, '').length < 4) continue;
      for (const typo of slips(name)) {
        // A slip that writes another space's own name, id or abbreviation is read as written.
        if (exactly(map, typo)) continue;
        const r = resolveLocationName(map, typo);
        tried++;
        if (r.ok && r.location.split('/')[0] !== p.id)
          misread.push(`"${typo}" (for ${p.name}) read as ${map.province(r.location.split('/')[0])!.name}`);
      }
    }
    expect(tried).toBeGreaterThan(10_000);
    expect(misread.slice(0, 30)).toEqual([]);
  });
});
