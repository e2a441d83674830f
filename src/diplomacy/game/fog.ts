// What each reader sees: the Haole's fog before its first Spring orders, the view, the position
// as text, and a power's legal orders worked out from what it sees.
import type { Viewer } from '../../contract/types.ts';
import { adjustmentsDue, buildSites } from '../adjudicator/adjustment.ts';
import { retreatsOf } from '../adjudicator/retreat.ts';
import { orderOptions } from '../options.ts';
import { placeName } from '../orders/notation.ts';
import type { DislodgedUnit, Unit } from '../types.ts';
import { heiauScenario } from '../variants/scenarios.ts';
import type { Variant } from '../variants/variant.ts';
import { ballotChoices, ballotView } from './ballot.ts';
import { expectedRoles } from './sequence.ts';
import { type DiplomacyState, phaseLabel, variantOf } from './state.ts';
/** Whether this reader may see the native powers' position (Haole fog). */
export function seesNatives(state: DiplomacyState, viewer: Viewer): boolean {
  if (!state.hidden) return true;
  if (viewer.kind === 'moderator') return true;
  if (viewer.kind === 'observer') return false;
  return !state.haoles?.includes(viewer.role);
}

export function visibleUnits(state: DiplomacyState, viewer: Viewer): Unit[] {
  if (seesNatives(state, viewer)) return state.units;
  return state.units.filter((u) => state.haoles?.includes(u.power));
}

export function view(state: DiplomacyState, viewer: Viewer) {
  const variant = variantOf(state);
  const sees = seesNatives(state, viewer);
  const units = visibleUnits(state, viewer);
  const supplyCenters = sees ? state.supplyCenters : {};
  const centers: Record<string, number> = {};
  for (const owner of Object.values(supplyCenters)) centers[owner] = (centers[owner] ?? 0) + 1;
  const p = state.phase;
  const base = {
    variant: state.variant,
    scenario: state.scenario,
    phase: phaseLabel(p),
    phaseType: p.type,
    powers: state.powers,
    units,
    supplyCenters,
    centerCounts: centers,
    ...(state.tradingPosts && Object.keys(state.tradingPosts).length
      ? { tradingPosts: sees ? state.tradingPosts : {} }
      : {}),
    victoryCenters: variant.rules.victoryCenters,
    ...(state.haoles ? { haoles: state.haoles } : {}),
    ...(state.hidden && !sees
      ? { hidden: 'The native powers’ position is revealed once the first Spring orders are in.' }
      : {}),
    ...(state.ballot ? { ballot: ballotView(state, sees) } : {}),
    outcome: state.outcome ?? null,
  };
  if (p.type === 'retreat') {
    const options = retreatsOf(variant, {
      units: state.units,
      dislodged: state.dislodged ?? [],
      contested: state.contested,
    });
    return { ...base, dislodged: (state.dislodged ?? []).map((d, i) => ({ ...d, retreats: options[i] })) };
  }
  if (p.type === 'adjustment') {
    const due = adjustmentsDue(variant, state);
    const adjustments: Record<string, { due: number; buildSites?: string[] }> = {};
    for (const power of state.powers) {
      const n = due[power] ?? 0;
      if (n === 0) continue;
      adjustments[power] = n > 0 ? { due: n, buildSites: buildSites(variant, state, power) } : { due: n };
    }
    return { ...base, adjustments };
  }
  return base;
}

/** What a power may order now, worked out on the board as that power sees it (Haole fog included). */
export function options(state: DiplomacyState, role: string) {
  const p = state.phase;
  if (p.type === 'ballot') {
    const votes = (expectedRoles(state).includes(role) ? ballotChoices(state) : []).map((o) => ({
      kind: 'vote',
      order: `VOTE ${heiauScenario(o).name}`,
      text: `VOTE ${heiauScenario(o).name}`,
    }));
    return { phase: 'ballot' as const, units: [], votes };
  }
  const seen = view(state, { kind: 'player', role });
  return orderOptions(
    variantOf(state),
    {
      phase: p,
      units: seen.units,
      dislodged: p.type === 'retreat' ? state.dislodged : undefined,
      contested: state.contested,
      supplyCenters: state.supplyCenters,
      tradingPosts: state.tradingPosts,
    },
    role,
  );
}

export function unitText(variant: Variant, u: Unit): string {
  const l = variant.map.location(u.location);
  const p = variant.map.provinceOf(u.location);
  return `${u.type} ${p ? p.name : u.location}${l?.coast ? ` (${l.coast})` : ''}`;
}

export function formatPosition(state: DiplomacyState, viewer: Viewer): string {
  const variant = variantOf(state);
  const v = view(state, viewer) as ReturnType<typeof view> & {
    dislodged?: DislodgedUnit[];
    adjustments?: Record<string, { due: number; buildSites?: string[] }>;
  };
  const lines: string[] = [`Position before ${v.phase}:`];
  if (v.hidden) lines.push(v.hidden);
  for (const power of state.powers) {
    const units = v.units.filter((u) => u.power === power);
    const owned = Object.entries(v.supplyCenters)
      .filter(([, o]) => o === power)
      .map(([p]) => variant.map.province(p)?.name ?? p);
    if (!units.length && !owned.length) continue;
    lines.push(`  ${power}: ${units.map((u) => unitText(variant, u)).join(', ') || 'no units'}`);
    lines.push(
      `    ${state.variant === 'heiau' ? 'heiaus' : 'centres'} (${owned.length}): ${owned.sort().join(', ') || 'none'}`,
    );
  }
  const name = (at: string) => placeName(variant.map, at);
  for (const d of v.dislodged ?? [])
    lines.push(
      `  Dislodged: ${d.power} ${unitText(variant, d)}; may retreat to ${d.retreats?.map(name).join(', ') || 'nowhere (destroyed)'}`,
    );
  for (const [power, a] of Object.entries(v.adjustments ?? {}))
    lines.push(
      `  ${power}: ${a.due > 0 ? `${a.due} build${a.due > 1 ? 's' : ''} (${a.buildSites?.map(name).join(', ') || `no free ${state.variant === 'heiau' ? 'heiau' : 'centre'}`})` : `${-a.due} disband${a.due < -1 ? 's' : ''}`}`,
    );
  return lines.join('\n');
}
