// The Diplomacy variants kahu knows, by id.
import { heiauVariant } from './heiau.ts';
import { standardVariant } from './standard.ts';
import type { Variant } from './variant.ts';

const variants: Record<string, () => Variant> = {
  standard: standardVariant,
  heiau: heiauVariant,
};

export const variantIds = Object.keys(variants);

export function getVariant(id: string): Variant | undefined {
  return variants[id]?.();
}

export type { Variant, VariantRules } from './variant.ts';
