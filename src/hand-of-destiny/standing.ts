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
  return (
    u.strength +
    (u.elite ? 1.5 : 0) +
    (u.leader ? 3 : 0) +
    (u.supreme ? 100 : 0) +
    (u.gunpowder ? 0.5 : 0) +
    (u.pike ? 0.5 : 0)
  );
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
  | { key: 'fire' | 'losses' | 'majorRecruit'; value: string[] }
  | { key: 'warFleet'; value: Standing['warFleet']; crew: string[] }
  | { key: 'retreat'; value: string[] }
  | { key: 'earthworks'; value: Standing['earthworks'] }
  | { key: 'breakoff' | 'pursuit'; value: boolean };

export const STANDING_HELP =
  'STANDING FIRE <units> | LOSSES <units> | WARFLEET ALWAYS|NEVER|STRONGER [WITH <units and canoes>] | RETREAT <spaces> | EARTHWORKS ANY|NONE|<spaces> | BREAKOFF ON|OFF | PURSUIT ON|OFF | MAJOR <units> | DEFAULT';

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
      // WARFLEET <when> [WITH <units and canoes>]: the units named are the only ones that may sail, in
      // that order; canoes named likewise (naming none, every canoe in the space sails).
      const w = /^(.*?)(?:\s+with\s+(.*))?$/i.exec(arg)!;
      const v = norm(w[1]!);
      const crew = w[2] !== undefined ? splitList(w[2]) : [];
      if (w[2] !== undefined && !crew.length)
        throw new RuleError('WARFLEET ... WITH needs the units and canoes that may sail');
      for (const it of crew) if (!knownRef(g, it)) throw new RuleError(`'${it}' is not a unit`);
      if (v === 'always' || v === 'yes' || v === 'on') return { key: 'warFleet', value: 'always', crew };
      if (v === 'never' || v === 'no' || v === 'off') return { key: 'warFleet', value: 'never', crew };
      if (v === 'stronger' || v === 'default' || v === '') return { key: 'warFleet', value: 'stronger', crew };
      throw new RuleError(
        `WARFLEET takes ALWAYS, NEVER or STRONGER (then WITH <units and canoes> if you wish), not '${w[1]}'`,
      );
    }
    case 'major':
    case 'majorrecruit': {
      if (/^default$/i.test(arg) || arg === '') return { key: 'majorRecruit', value: [] };
      const items = splitList(arg);
      for (const it of items) if (!knownRef(g, it)) throw new RuleError(`'${it}' is not a unit`);
      return { key: 'majorRecruit', value: items };
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
  else if (p.key === 'warFleet') g.s.standing[side] = { ...cur, warFleet: p.value, warFleetCrew: p.crew };
  else g.s.standing[side] = { ...cur, [p.key]: p.value } as Standing;
}

/** `name` turns a space's id into its name (readings name spaces, never ids). */
export function describeStanding(p: StandingPatch, name: (space: string) => string = (x) => x): string {
  switch (p.key) {
    case 'reset':
      return 'standing instructions back to the defaults';
    case 'fire':
      return p.value.length ? `fire first: ${p.value.join(', ')}` : 'fire order: default (strongest first)';
    case 'losses':
      return p.value.length ? `losses first to: ${p.value.join(', ')}` : 'losses: default (cheapest units first)';
    case 'warFleet':
      return `war fleet: ${p.value}${p.value === 'never' ? '' : p.crew.length ? ` with ${p.crew.join(', ')}` : ' (crew: default)'}`;
    case 'majorRecruit':
      return p.value.length
        ? `major battle recruit: ${p.value.join(', ')}`
        : 'major battle recruit: default (strongest)';
    case 'retreat':
      return p.value.length
        ? `retreat to: ${p.value.map(name).join(', ')}`
        : 'retreat: default (strongest friendly space)';
    case 'earthworks':
      return `earthworks: ${Array.isArray(p.value) ? p.value.map(name).join(', ') : p.value}`;
    case 'breakoff':
    case 'pursuit':
      return `${p.key}: ${p.value ? 'on' : 'off'}`;
  }
}

/**
 * A WARFLEET WITH list split into the units and the canoes it names (11.7: "any canoes, units and
 * leaders"). A word that names only canoes ("canoes", "Hawai'i canoes 2") chooses canoes.
 */
export function warFleetRefs(g: Game, crew: string[]): { units: string[]; canoes: string[] } {
  const units = g.s.scenario.units;
  const canoeOnly = (r: string) =>
    units.some((u) => u.canoe && unitMatches(u, r)) && !units.some((u) => !u.canoe && unitMatches(u, r));
  return { units: crew.filter((r) => !canoeOnly(r)), canoes: crew.filter(canoeOnly) };
}

/** Units whose elimination can end the game for `side` (sudden death, 5.2): kept ashore by default. */
export function suddenDeathUnits(g: Game, side: string): string[] {
  return [
    ...new Set(g.s.scenario.victory.suddenDeath.filter((sd) => sd.winner !== side).flatMap((sd) => sd.eliminated)),
  ];
}

function names(g: Game, ids: string[]): string {
  return ids.map((id) => g.u(id).name).join(', ');
}

/** Was this unit placed by the side's FIRE / LOSSES / MAJOR list, or by the default order? */
export function orderSource(g: Game, side: string, key: 'fire' | 'losses' | 'majorRecruit', id: string): string {
  const refs = standingOf(g, side)[key];
  const word = key === 'fire' ? 'FIRE' : key === 'losses' ? 'LOSSES' : 'MAJOR';
  if (refs.some((r) => unitMatches(g.u(id), r))) return `standing instruction ${word} ${refs.join(', ')}`;
  if (key === 'fire') return 'default: strongest first';
  if (key === 'losses') return 'default: cheapest first';
  return 'default: strongest';
}

/** The war fleet decision as the report names its source. */
export function warFleetSource(g: Game, side: string): string {
  const st2 = standingOf(g, side);
  const given = st2.warFleet !== DEFAULT_STANDING.warFleet || st2.warFleetCrew.length > 0;
  const crew = st2.warFleetCrew.length ? ` WITH ${st2.warFleetCrew.join(', ')}` : '';
  return given ? `standing instruction WARFLEET ${st2.warFleet.toUpperCase()}${crew}` : `default WARFLEET STRONGER`;
}

/** The side's standing instructions as lines a player reads: each decision, its current setting, default or not. */
export function standingLines(g: Game, side: string): string[] {
  const st = standingOf(g, side);
  const mark = (isDefault: boolean) => (isDefault ? ' (default)' : ' (your instruction)');
  const keep = suddenDeathUnits(g, side).filter((id) => g.u(id).side === side);
  const refs = warFleetRefs(g, st.warFleetCrew);
  const when = {
    always: 'ALWAYS: launch a war fleet against every sighted invasion',
    never: 'NEVER: no war fleet; the invaders land and fight the battle ashore',
    stronger: 'STRONGER: launch when the war fleet is at least as strong as the invaders',
  }[st.warFleet];
  return [
    `War fleet (11.7): ${when}${mark(st.warFleet === DEFAULT_STANDING.warFleet)}`,
    `War fleet crew (11.7): ${refs.units.length ? `only ${refs.units.join(', ')}, in that order (your instruction)` : `the strongest units that fit the canoes${keep.length ? `, never ${names(g, keep)} (sudden death)` : ''} (default)`}`,
    `War fleet canoes (11.7): ${refs.canoes.length ? `only ${refs.canoes.join(', ')}; the others stay in the space invaded (your instruction)` : 'every canoe in the space invaded (default)'}`,
    `Fire order (11.1): ${st.fire.length ? `${st.fire.join(', ')} first, then strongest (your instruction)` : 'strongest first, gunpowder before the rest (default)'}`,
    `Losses (11.3): ${st.losses.length ? `${st.losses.join(', ')} first, then cheapest (your instruction)` : 'cheapest first, leaders last, a unit that has fired panics first (default)'}`,
    `Retreat (11.5, 11.8): ${st.retreat.length ? `${st.retreat.map((x) => g.space(x).name).join(', ')} first (your instruction)` : 'the friendly space with the most strength (default)'}`,
    ...(!g.s.scenario.decks[side]?.some((c) => c.event?.type === 'earthworks')
      ? []
      : [
          `Hold the Line earthworks (9.0, 13.0): ${Array.isArray(st.earthworks) ? `only at ${st.earthworks.map((x) => g.space(x).name).join(', ')} (your instruction)` : st.earthworks === 'any' ? 'in the first space attacked (default)' : 'never (your instruction)'}`,
        ]),
    ...(g.opt.breakoff
      ? [`Break off (18.0): ${st.breakoff ? 'on, when weaker (your instruction)' : 'off (default)'}`]
      : []),
    ...(g.opt.pursuit
      ? [
          `Pursuit (19.0): ${st.pursuit ? 'on, with every leader and cavalry able (your instruction)' : 'off (default)'}`,
        ]
      : []),
    ...(g.opt.majorBattles
      ? [
          `Major battle recruit (20.0): ${st.majorRecruit.length ? `${st.majorRecruit.join(', ')} first (your instruction)` : 'the strongest unit in the Recruit Box (default)'}; major battle loss: as Losses`,
        ]
      : []),
  ];
}
