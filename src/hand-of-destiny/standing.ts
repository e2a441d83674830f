// Standing instructions: how a player's decisions are taken when they fall in the middle of a
// turn resolved at one deadline (who fires next, who takes a loss, war fleets, retreats...).
import { DEFAULT_STANDING, type Game, RuleError, type Standing } from './model.ts';
import { knownRef, norm, resolveSpace, splitList, unitMatches } from './names.ts';

export function standingOf(g: Game, side: string): Standing {
  return { ...DEFAULT_STANDING, ...(g.s.standing[side] ?? {}) };
}

/** What a unit costs to lose: cheap units take losses first by default. */
export function unitValue(g: Game, id: string): number {
  const u = g.u(id);
  return u.strength + (u.elite ? 1.5 : 0) + (u.leader ? 3 : 0) + (u.supreme ? 100 : 0) + (u.gunpowder ? 0.5 : 0) + (u.pike ? 0.5 : 0);
}

function rank(g: Game, refs: string[], id: string): number {
  const u = g.u(id);
  const i = refs.findIndex((r) => unitMatches(u, r));
  return i < 0 ? refs.length : i;
}

/** Units in the order they take eliminations and panics. */
export function lossOrder(g: Game, side: string, ids: string[]): string[] {
  const refs = standingOf(g, side).losses;
  return ids
    .slice()
    .sort((a, b) => rank(g, refs, a) - rank(g, refs, b) || unitValue(g, a) - unitValue(g, b) || a.localeCompare(b));
}

/** Units in the order they fire: standing FIRE list first, then strongest first. */
export function fireOrder(g: Game, side: string, ids: string[]): string[] {
  const refs = standingOf(g, side).fire;
  return ids
    .slice()
    .sort(
      (a, b) =>
        rank(g, refs, a) - rank(g, refs, b) ||
        g.u(b).strength - g.u(a).strength ||
        Number(!!g.u(b).elite) - Number(!!g.u(a).elite) ||
        a.localeCompare(b),
    );
}

export type StandingPatch =
  | { key: 'reset' }
  | { key: 'fire' | 'losses'; value: string[] }
  | { key: 'warFleet'; value: Standing['warFleet'] }
  | { key: 'retreat'; value: string[] }
  | { key: 'earthworks'; value: Standing['earthworks'] }
  | { key: 'breakoff' | 'pursuit'; value: boolean };

export const STANDING_HELP =
  'STANDING FIRE <units> | LOSSES <units> | WARFLEET ALWAYS|NEVER|STRONGER | RETREAT <spaces> | EARTHWORKS ANY|NONE|<spaces> | BREAKOFF ON|OFF | PURSUIT ON|OFF | DEFAULT';

/** Read the part after STANDING. Throws RuleError naming the bad word. */
export function parseStanding(g: Game, rest: string): StandingPatch {
  const m = /^\s*([a-z-]+(?:\s+fleet)?)\s*(.*)$/i.exec(rest);
  if (!m) throw new RuleError(`STANDING needs an instruction: ${STANDING_HELP}`);
  const key = norm(m[1]!);
  const arg = m[2]!.trim();
  const isDefault = /^(default|reset)?$/i.test(arg);
  const onOff = (): boolean => {
    if (/^(on|yes|true)$/i.test(arg)) return true;
    if (/^(off|no|false)$/i.test(arg)) return false;
    throw new RuleError(`expected ON or OFF, not '${arg}'`);
  };
  switch (key) {
    case 'default':
    case 'reset':
      return { key: 'reset' };
    case 'fire':
    case 'losses':
    case 'loss':
    case 'casualties': {
      const k = key === 'fire' ? 'fire' : 'losses';
      if (/^default$/i.test(arg) || arg === '') return { key: k, value: [] };
      const items = splitList(arg);
      for (const it of items) if (!knownRef(g, it)) throw new RuleError(`'${it}' is not a unit`);
      return { key: k, value: items };
    }
    case 'warfleet': {
      const v = norm(arg);
      if (v === 'always' || v === 'yes' || v === 'on') return { key: 'warFleet', value: 'always' };
      if (v === 'never' || v === 'no' || v === 'off') return { key: 'warFleet', value: 'never' };
      if (v === 'stronger' || v === 'default' || v === '') return { key: 'warFleet', value: 'stronger' };
      throw new RuleError(`WARFLEET takes ALWAYS, NEVER or STRONGER, not '${arg}'`);
    }
    case 'retreat': {
      if (isDefault) return { key: 'retreat', value: [] };
      return { key: 'retreat', value: splitList(arg).map((s) => resolveSpace(g, s)) };
    }
    case 'earthworks':
    case 'holdtheline': {
      const v = norm(arg);
      if (v === 'any' || v === 'on' || v === 'default' || v === '') return { key: 'earthworks', value: 'any' };
      if (v === 'none' || v === 'off' || v === 'never') return { key: 'earthworks', value: 'none' };
      return { key: 'earthworks', value: splitList(arg).map((s) => resolveSpace(g, s)) };
    }
    case 'breakoff':
      return { key: 'breakoff', value: isDefault ? false : onOff() };
    case 'pursuit':
    case 'pursue':
      return { key: 'pursuit', value: isDefault ? false : onOff() };
    default:
      throw new RuleError(`unknown standing instruction '${m[1]}': ${STANDING_HELP}`);
  }
}

export function applyStanding(g: Game, side: string, p: StandingPatch): void {
  const cur = standingOf(g, side);
  if (p.key === 'reset') g.s.standing[side] = { ...DEFAULT_STANDING };
  else g.s.standing[side] = { ...cur, [p.key]: p.value } as Standing;
}

export function describeStanding(p: StandingPatch): string {
  switch (p.key) {
    case 'reset':
      return 'standing instructions back to the defaults';
    case 'fire':
      return p.value.length ? `fire first: ${p.value.join(', ')}` : 'fire order: default (strongest first)';
    case 'losses':
      return p.value.length ? `losses first to: ${p.value.join(', ')}` : 'losses: default (cheapest units first)';
    case 'warFleet':
      return `war fleet: ${p.value}`;
    case 'retreat':
      return p.value.length ? `retreat to: ${p.value.join(', ')}` : 'retreat: default (strongest friendly space)';
    case 'earthworks':
      return `earthworks: ${Array.isArray(p.value) ? p.value.join(', ') : p.value}`;
    case 'breakoff':
    case 'pursuit':
      return `${p.key}: ${p.value ? 'on' : 'off'}`;
  }
}
