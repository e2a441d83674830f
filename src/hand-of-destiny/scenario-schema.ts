// The shape of a Hand of Destiny scenario file: map, counter mix, campaign cards, Battle Results
// Table and the scenario's rule overrides. Validated with zod at load so that a moderator's
// corrected file is checked before a game starts from it. Objects are strict: a misspelt key
// is an error, not a silently ignored value.
import { z } from 'zod';
import { parseData } from '../contract/data-error.ts';
import { SvgColour, SvgText } from '../contract/svg-data.ts';

const id = z.string().regex(/^[a-z][a-z0-9-]*$/, 'ids are lower-case letters, digits and hyphens');

/** Provenance of one value: `unofficial: true` when it was reconstructed, with the reason. */
const provenance = {
  unofficial: z.boolean().optional(),
  note: SvgText(2000).optional(),
};
// Names are drawn on the map (a space's label, a stack's title, the legend).
const Name = SvgText(80);

export const SpaceSchema = z.strictObject({
  id,
  name: Name.min(1),
  aliases: z.array(Name).optional(),
  type: z.enum(['land', 'sea']),
  /** A printed fort (fortress, fort, base): defenders there ignore panic. */
  fort: z.boolean().optional(),
  /** The sides that may use the printed fort (system 14.0, the scenario's TEC); absent: both. */
  fortFor: z.array(id).min(1).optional(),
  /** Terrain that stops movement (system 11.1, TEC "stop"): units entering it end their move. */
  stop: z.boolean().optional(),
  colour: SvgColour.optional(),
  island: id.optional(),
  /** River space (system rule 12.0). */
  river: z.boolean().optional(),
  ...provenance,
});
export type SpaceData = z.infer<typeof SpaceSchema>;

export const RouteSchema = z.strictObject({
  a: id,
  b: id,
  type: z.enum(['land', 'river']),
  ...provenance,
});

export const IslandSchema = z.strictObject({
  id,
  name: Name,
  spaces: z.array(id).min(1),
  ...provenance,
});

export const SideSchema = z.strictObject({
  id,
  name: Name,
  ...provenance,
});

export const NeutralSchema = z.strictObject({
  id,
  name: Name,
  /** Where its units come into play (or go when they switch sides). */
  home: id,
  ...provenance,
});

/** A higher command of which units are a component (system 4.0, 11.1). */
export const ContingentSchema = z.strictObject({
  id,
  name: Name.min(1),
  /** A side id or a neutral id. */
  side: id,
  /** Where its units are recruited without a leader (added to each unit's own home). */
  home: z.array(id).default([]),
  ...provenance,
});

export const UnitSchema = z.strictObject({
  id,
  name: Name,
  aliases: z.array(Name).optional(),
  /** A side id or a neutral id. */
  side: id,
  /** The game's word for the unit type: warriors, musketeers, pike, cannon, canoe, leader... */
  kind: z.string().min(1),
  strength: z.number().int().min(0).max(10),
  elite: z.boolean().optional(),
  leader: z.boolean().optional(),
  /** Its elimination loses the game (Hawaii 1795: Kamehameha). */
  supreme: z.boolean().optional(),
  /** Musketeers and cannon: fire before other units (scenario rule). */
  gunpowder: z.boolean().optional(),
  /** Cancels the first panic of each battle round (scenario rule). */
  pike: z.boolean().optional(),
  /** A canoe fleet: carries units on fleet moves, never fires, never eliminated in a land battle. */
  canoe: z.boolean().optional(),
  /** A river fleet (system 12.0): moves along rivers carrying up to three units, fights normally. */
  fleet: z.boolean().optional(),
  /** A marker counter (earthworks): placed by events, never fights. */
  marker: z.boolean().optional(),
  artillery: z.boolean().optional(),
  cavalry: z.boolean().optional(),
  engineer: z.boolean().optional(),
  supplyUnit: z.boolean().optional(),
  autoSupply: z.boolean().optional(),
  breakoff: z.boolean().optional(),
  buildsForts: z.boolean().optional(),
  /** Its contingent (system 4.0); cards may move contingents only (11.1). */
  contingent: id.optional(),
  /** Spaces where it may be recruited without a leader, besides its contingent's home. */
  home: z.array(id).default([]),
  /** False for units that only enter play by events (Kaua'i). */
  recruitable: z.boolean().default(true),
  ...provenance,
});
export type UnitData = z.infer<typeof UnitSchema>;

export const RecruitSchema = z
  .strictObject({
    unit: id.optional(),
    kind: z.string().optional(),
    count: z.number().int().min(1).default(1),
    /** Recruited only the first time the card is drawn (Hawaii 6.1: cannon and pikes of cards #1 and #2). */
    firstDrawOnly: z.boolean().optional(),
  })
  .refine((r) => (r.unit === undefined) !== (r.kind === undefined), 'a recruit names either a unit or a kind');

export const MoveLineSchema = z.strictObject({
  /** Unit kinds allowed to move ('all' when absent). */
  kinds: z.array(z.string()).optional(),
  /** Contingents allowed to move (system 11.1, "Contingent Units"); all when absent. */
  contingents: z.array(id).min(1).optional(),
  spaces: z.number().int().min(0),
});

export const EventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('battleBonus'), advantage: z.number().int().min(1).max(3) }),
  z.strictObject({
    type: z.literal('appeal'),
    neutral: id,
    /** Die results on which the neutral joins (or switches to) the player. */
    joinOn: z.array(z.number().int().min(1).max(6)).min(1),
  }),
  z.strictObject({
    type: z.literal('removeUnits'),
    kinds: z.array(z.string()).min(1),
    count: z.number().int().min(1),
  }),
  z.strictObject({ type: z.literal('earthworks'), marker: id }),
  z.strictObject({
    type: z.literal('fleetCapacity'),
    units: z.number().int().min(1),
    leaders: z.number().int().min(0),
  }),
  z.strictObject({ type: z.literal('noSighting') }),
  z.strictObject({ type: z.literal('reshuffle') }),
  /** A scenario hook registered in code (scenarios/index.ts). */
  z.strictObject({ type: z.literal('hook'), name: z.string() }),
]);
export type EventData = z.infer<typeof EventSchema>;

export const CardSchema = z.strictObject({
  number: z.number().int().min(1),
  title: z.string(),
  recruit: z.array(RecruitSchema).default([]),
  /** Hawaii: canoe fleets that may make a fleet move. */
  fleetMoves: z.number().int().min(0).default(0),
  /** Route movement (system 11.0): what may move and how far. */
  moves: z.array(MoveLineSchema).default([]),
  event: EventSchema.optional(),
  /** Text of the event as printed (or reconstructed). */
  text: z.string().optional(),
  /** The card may be held for later play of its event (Hawaii 8.1). */
  hold: z.boolean().optional(),
  /** Once played it is set aside, never reshuffled (system 7.1). */
  removeFromPlay: z.boolean().optional(),
  ...provenance,
});
export type CardData = z.infer<typeof CardSchema>;

const Result = z.enum(['-', 'P', 'E']);
export const BrtSchema = z.strictObject({
  /** Result for die faces 1..6. */
  columns: z.record(z.string(), z.array(Result).length(6)),
  ...provenance,
});

export const SetupSchema = z.strictObject({
  id,
  name: z.string(),
  firstTurn: z.number().int().min(1),
  /** Cards played in order in the first turns before the deck is shuffled (Hawaii 6.1). */
  openingCards: z.record(z.string(), z.array(z.number().int())).optional(),
  /** unit id -> space id; units not listed start in their side's Recruit Box. */
  placements: z.record(z.string(), id),
  /** The firstDrawOnly recruits already count as used (short game). */
  firstDrawUsed: z.boolean().optional(),
  ...provenance,
});

const Group = z.strictObject({ count: z.number().int().min(1), of: z.array(id).min(1) });
export const VictorySchema = z.strictObject({
  occupation: z.array(
    z.strictObject({
      side: id,
      /** turn-start: start of each game turn; side-turn-start: start of that side's part. */
      when: z.enum(['turn-start', 'side-turn-start']),
      groups: z.array(Group).min(1),
      text: z.string().optional(),
    }),
  ),
  suddenDeath: z.array(
    z.strictObject({
      winner: id,
      /** The winner wins as soon as all these units are eliminated. */
      eliminated: z.array(id).min(1),
      text: z.string().optional(),
    }),
  ),
  ...provenance,
});

/** Scenario rules that override the system rules. Defaults are the system rules. */
export const RulesSchema = z.strictObject({
  /** islands: free movement inside an island + canoe fleet moves (Hawaii 10.0); routes: system 11.0. */
  movement: z.enum(['islands', 'routes']).default('routes'),
  fleetCapacity: z
    .strictObject({ units: z.number().int(), leaders: z.number().int() })
    .default({ units: 2, leaders: 2 }),
  riverFleetCapacity: z.number().int().default(3),
  /** Land units that may retreat along river spaces with each fleet (system 13.5: "Fleets and up to three units"). */
  riverRetreat: z.number().int().min(0).default(3),
  /** Elite modifier to the advantage roll: 'most' elite units (Hawaii 11.1) or 'any' (system 13.1). */
  eliteAdvantage: z.enum(['most', 'any']).default('any'),
  /** Ties of the advantage roll: re-roll (Hawaii) or the defender (system). */
  advantageTies: z.enum(['reroll', 'defender']).default('defender'),
  gunpowderFirst: z.boolean().default(false),
  pikes: z.boolean().default(false),
  /** A beach victory is followed by a second battle (Hawaii 11.4). */
  secondBattle: z.boolean().default(false),
  eliteIgnorePanic: z.enum(['defending', 'always']).default('defending'),
  /** Where eliminated units go: Recruit Box (Hawaii 11.3) or dead pile (system 13.3). */
  eliminatedTo: z.enum(['box', 'dead']).default('dead'),
  /** Eliminated leaders can be recruited again. */
  leadersReturn: z.boolean().default(false),
  /** Loser's retreat: by canoe to a friendly space (Hawaii 11.5) or to an adjacent space (system 13.5). */
  retreat: z.enum(['canoe', 'adjacent']).default('adjacent'),
  /** Sea battle option (Hawaii 11.7): die results that sight an invasion. */
  seaBattles: z.strictObject({ sighting: z.array(z.number().int().min(1).max(6)) }).optional(),
  /** Recruits go to a home space or a space with a friendly leader (Hawaii 9.0). */
  recruitWithLeader: z.boolean().default(true),
  fortMarkers: z.record(z.string(), z.number().int().min(0)).optional(),
});
export type RulesData = z.infer<typeof RulesSchema>;

export const ScenarioSchema = z.strictObject({
  id,
  name: SvgText(),
  system: z.literal('hand-of-destiny'),
  /** The whole file is a reconstruction where true. */
  unofficial: z.boolean(),
  provenance: SvgText(2000),
  sides: z.array(SideSchema).length(2),
  neutrals: z.array(NeutralSchema).default([]),
  contingents: z.array(ContingentSchema).default([]),
  turns: z.strictObject({ labels: z.array(Name).min(1), ...provenance }),
  spaces: z.array(SpaceSchema).min(1),
  routes: z.array(RouteSchema).default([]),
  islands: z.array(IslandSchema).default([]),
  units: z.array(UnitSchema).min(1),
  decks: z.record(z.string(), z.array(CardSchema).min(1)),
  battleResultsTable: BrtSchema,
  setups: z.array(SetupSchema).min(1),
  victory: VictorySchema,
  rules: RulesSchema.default(RulesSchema.parse({})),
  note: z.string().optional(),
});
export type ScenarioData = z.infer<typeof ScenarioSchema>;

/** Parse and cross-check a scenario; throws an Error listing every problem. */
export function parseScenario(input: unknown): ScenarioData {
  const s = parseData(ScenarioSchema, input, 'invalid scenario');
  const problems: string[] = [];
  const spaceIds = new Set(s.spaces.map((x) => x.id));
  const sideIds = new Set(s.sides.map((x) => x.id));
  const ownerIds = new Set([...sideIds, ...s.neutrals.map((n) => n.id)]);
  const unitIds = new Set<string>();
  const dup = (kind: string, ids: string[]) => {
    const seen = new Set<string>();
    for (const x of ids) {
      if (seen.has(x)) problems.push(`duplicate ${kind} id '${x}'`);
      seen.add(x);
    }
  };
  dup(
    'space',
    s.spaces.map((x) => x.id),
  );
  dup(
    'unit',
    s.units.map((x) => x.id),
  );
  for (const u of s.units) unitIds.add(u.id);
  for (const r of s.routes) {
    if (!spaceIds.has(r.a)) problems.push(`route names unknown space '${r.a}'`);
    if (!spaceIds.has(r.b)) problems.push(`route names unknown space '${r.b}'`);
  }
  for (const isl of s.islands)
    for (const sp of isl.spaces) if (!spaceIds.has(sp)) problems.push(`island ${isl.id} names unknown space '${sp}'`);
  for (const n of s.neutrals)
    if (!spaceIds.has(n.home)) problems.push(`neutral ${n.id} home '${n.home}' is not a space`);
  dup(
    'contingent',
    s.contingents.map((x) => x.id),
  );
  const contingents = new Map(s.contingents.map((c) => [c.id, c]));
  for (const c of s.contingents) {
    if (!ownerIds.has(c.side)) problems.push(`contingent ${c.id}: unknown side '${c.side}'`);
    for (const h of c.home) if (!spaceIds.has(h)) problems.push(`contingent ${c.id}: unknown home space '${h}'`);
  }
  for (const sp of s.spaces) {
    for (const side of sp.fortFor ?? [])
      if (!sideIds.has(side)) problems.push(`space ${sp.id}: fortFor names unknown side '${side}'`);
    if (sp.fortFor && !sp.fort) problems.push(`space ${sp.id}: fortFor without a fort`);
  }
  for (const u of s.units) {
    if (!ownerIds.has(u.side)) problems.push(`unit ${u.id}: unknown side '${u.side}'`);
    for (const h of u.home) if (!spaceIds.has(h)) problems.push(`unit ${u.id}: unknown home space '${h}'`);
    if (u.contingent !== undefined) {
      const c = contingents.get(u.contingent);
      if (!c) problems.push(`unit ${u.id}: unknown contingent '${u.contingent}'`);
      else if (c.side !== u.side)
        problems.push(`unit ${u.id}: contingent '${c.id}' belongs to '${c.side}', not '${u.side}'`);
    }
  }
  for (const [side, cards] of Object.entries(s.decks)) {
    if (!sideIds.has(side)) problems.push(`deck for unknown side '${side}'`);
    dup(
      `card (deck ${side})`,
      cards.map((c) => String(c.number)),
    );
    for (const c of cards) {
      for (const m of c.moves)
        for (const k of m.contingents ?? [])
          if (!contingents.has(k)) problems.push(`card ${side} #${c.number}: unknown contingent '${k}'`);
      for (const r of c.recruit)
        if (r.unit && !unitIds.has(r.unit)) problems.push(`card ${side} #${c.number}: unknown unit '${r.unit}'`);
      if (c.event?.type === 'appeal' && !s.neutrals.some((n) => n.id === (c.event as { neutral: string }).neutral))
        problems.push(`card ${side} #${c.number}: unknown neutral`);
      if (c.event?.type === 'earthworks' && !unitIds.has(c.event.marker))
        problems.push(`card ${side} #${c.number}: unknown marker unit`);
    }
  }
  for (const side of sideIds) if (!s.decks[side]) problems.push(`no deck for side '${side}'`);
  for (const col of ['non-elite', 'elite'])
    if (!s.battleResultsTable.columns[col]) problems.push(`battle results table lacks column '${col}'`);
  for (const st of s.setups) {
    if (st.firstTurn > s.turns.labels.length) problems.push(`setup ${st.id}: first turn after the last turn`);
    for (const [u, sp] of Object.entries(st.placements)) {
      if (!unitIds.has(u)) problems.push(`setup ${st.id}: unknown unit '${u}'`);
      if (!spaceIds.has(sp)) problems.push(`setup ${st.id}: unknown space '${sp}'`);
    }
    for (const [side, nums] of Object.entries(st.openingCards ?? {})) {
      for (const n of nums)
        if (!s.decks[side]?.some((c) => c.number === n))
          problems.push(`setup ${st.id}: opening card ${side} #${n} not in deck`);
    }
  }
  for (const o of s.victory.occupation) {
    if (!sideIds.has(o.side)) problems.push(`victory: unknown side '${o.side}'`);
    for (const g of o.groups)
      for (const sp of g.of) if (!spaceIds.has(sp)) problems.push(`victory: unknown space '${sp}'`);
  }
  for (const sd of s.victory.suddenDeath) {
    if (!sideIds.has(sd.winner)) problems.push(`victory: unknown side '${sd.winner}'`);
    for (const u of sd.eliminated) if (!unitIds.has(u)) problems.push(`victory: unknown unit '${u}'`);
  }
  if (problems.length) throw new Error(`invalid scenario: ${problems.join('; ')}`);
  return s;
}
