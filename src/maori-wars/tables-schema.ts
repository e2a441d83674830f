// The shape of Maori Wars' tables: Combat Results Table, combat DRMs, Bombardment table, Alliance
// Negotiation table, Battle Dispatch chits (their Report Chart) and the Victory Points list. The
// rulebook refers to them but does not print them (docs/maori-wars-tables.md quotes every sentence
// each must satisfy); kahu's are reconstructions, marked `unofficial`, in data/tables.json. A
// moderator with the printed game supplies a file of this shape (game option `tables`, see
// parseTables): strict objects, so a misspelt key or a missing column is refused with its path.
//
// The engine implements what this vocabulary means; the comments below are that meaning.
import { z } from 'zod';
import builtInTablesJson from './data/tables.json' with { type: 'json' };

/** Provenance of one value: `unofficial: true` when reconstructed, `note` the reason. */
const provenance = {
  unofficial: z.boolean().optional(),
  note: z.string().optional(),
};

/** The rule a value comes from ("9.0 step 7"), for people and the coverage table. */
const rule = z.string().min(1);

// ---------------------------------------------------------------------------------------------
// Combat Results Table (rule 9.0; also used by Cavalry Charge, step 5; Defensive Counter-Attack,
// step 6; Attack, step 7; Raids, 10.0).
//
// Every CRT roll has a ROLLER (the side whose die it is) and a TARGET (the side rolled against):
//   attack / charge / raid:     roller = phasing (raiding) player, target = the defending hex;
//   counter-attack:             roller = the non-phasing defender, target = the chosen phasing hex
//                               (rule 9.0 step 6: "Any result is immediately applied to the
//                               phasing player's unit(s)");
//   raid-reply:                 roller = the raided units, target = the raiders (10.0: "defending
//                               player attacks second with those that were Raided").
// Column: compare the roller's strength with the target's (9.0: "Lesser Force", "Equal Force",
// "Greater Force"): roller < target → lesser, = → equal, > → greater. An unoccupied Pa rolls on
// `lesser`; a Fort counts at least 2 (9.0).
// Row: the die plus every DRM that applies (combatModifiers). A modified roll below `minRoll`
// reads as `minRoll`, above `maxRoll` as `maxRoll` (so the rows are "≤ minRoll" … "≥ maxRoll").
// ---------------------------------------------------------------------------------------------

/**
 * What a result does to one side, applied in this order:
 *  1. `hits`: that many units are eliminated, one per hit (9.0 "Elimination": to the
 *     Reinforcement Box). The owner chooses which; Leaders, Canoes and Gunboats never take a hit
 *     (3.0, 9.0). A defender may first try to let a non-Disrupted Fort/Pa absorb each hit (9.0: on
 *     4-6 Fort→Settlement, or removed if on a Town; Pa→Village; on 1-3 a unit takes it). A hit
 *     that no unit is left to take is lost (a lone Structure is only affected by `disrupt: 'all'`
 *     or by the attacker advancing, 9.0 step 7). Leaders left with no unit are eliminated (3.0).
 *  2. `disrupt`: 'one' → one unit of the owner's choice (not a Leader) gets a Disrupted marker;
 *     'all' → every unit there AND any Structure there except a Town (11.0: "A result of 'all
 *     units Disrupted' includes any Structure there as well"). A unit or Structure Disrupted again
 *     checks panic (11.0). null → nothing.
 *  3. `retreat`: true → every surviving unit there (with its Leaders) retreats one hex, owner's
 *     choice of hex (9.0 "Retreat": eliminated if it cannot; optional in a Fort/Pa; ignored in a
 *     Raid, 10.0 "Disregard any retreat result").
 */
export const EffectSchema = z.strictObject({
  hits: z.number().int().min(0).max(4),
  disrupt: z.enum(['one', 'all']).nullable(),
  retreat: z.boolean(),
});
export type Effect = z.infer<typeof EffectSchema>;

/** One cell of the CRT. The flat fields act on the TARGET; `roller` on the side that rolled. */
export const CombatResultSchema = z.strictObject({
  /** The cell as printed, for reports: NE, D1, DR, DA, H1, H1R, H1DA, H2, EX, AD1, A1. */
  code: z.string().min(1).max(6),
  ...EffectSchema.shape,
  /** Against the roller (an exchange, or a repulse: "attacker disrupted"). Absent: nothing. */
  roller: EffectSchema.optional(),
});
export type CombatResult = z.infer<typeof CombatResultSchema>;

/** "No Effect" (9.0 step 7: an attacker may advance into an unoccupied Structure on anything else). */
export function isNoEffect(r: CombatResult): boolean {
  return r.hits === 0 && r.disrupt === null && !r.retreat && r.roller === undefined;
}

export const CombatResultsTableSchema = z
  .strictObject({
    /** The lowest and highest rows; each column has one result per row, minRoll..maxRoll. */
    minRoll: z.number().int(),
    maxRoll: z.number().int(),
    columns: z.strictObject({
      lesser: z.array(CombatResultSchema),
      equal: z.array(CombatResultSchema),
      greater: z.array(CombatResultSchema),
    }),
    ...provenance,
  })
  .superRefine((t, ctx) => {
    const rows = t.maxRoll - t.minRoll + 1;
    if (rows < 1) ctx.addIssue({ code: 'custom', path: ['maxRoll'], message: 'maxRoll is below minRoll' });
    for (const col of ['lesser', 'equal', 'greater'] as const) {
      if (t.columns[col].length !== rows)
        ctx.addIssue({
          code: 'custom',
          path: ['columns', col],
          message: `needs ${rows} results (rolls ${t.minRoll}..${t.maxRoll}), has ${t.columns[col].length}`,
        });
    }
  });
export type CombatResultsTable = z.infer<typeof CombatResultsTableSchema>;
export type ForceColumn = keyof CombatResultsTable['columns'];

/** Kinds of roll a DRM may apply to (see the roller/target note above). */
export const RollKind = z.enum(['attack', 'charge', 'counter-attack', 'raid', 'raid-reply']);
export type RollKind = z.infer<typeof RollKind>;

/** One DRM: `value` added to the die of each roll of a kind in `rolls`, when its condition holds. */
export const DrmSchema = z.strictObject({
  value: z.number().int().min(-6).max(6),
  rolls: z.array(RollKind).min(1),
  rule,
  ...provenance,
});
export type Drm = z.infer<typeof DrmSchema>;

/**
 * Combat DRMs. The keys are the conditions, implemented by the engine; the data gives the values
 * and the rolls they apply to. Unless said otherwise they add up.
 */
export const CombatModifiersSchema = z.strictObject({
  /** The target hex has a Fort/Pa with units in it (9.0 step 7). Replaces `rough`. */
  fortPaOccupied: DrmSchema,
  /** The target hex has a Fort/Pa with no unit in it (9.0 step 7). Replaces `rough`. */
  fortPaUnoccupied: DrmSchema,
  /** The target hex is rough terrain and has no Fort/Pa (9.0 step 7: "You will not get a DRM for
   *  both rough and Fort/Pa"). The value is a reconstruction. */
  rough: DrmSchema,
  /** Cavalry charging (3.0, 9.0 step 5). */
  cavalryCharge: DrmSchema,
  /** Rolling side has Militia and no Infantry among the units that roll (3.0). */
  militiaWithoutInfantry: DrmSchema,
  /** Maori units rolling from a hex with a Sap marker (6.0 "Maori unit(s) that occupies a Sap
   *  marker will get +1 DRM in their defense"). */
  sapDefence: DrmSchema,
  /** Raid DRMs (10.0): "these DRMs are not cumulative in any way": a raid uses the single highest
   *  of those whose condition holds. */
  raid: z.strictObject({
    /** Rangers raiding together with von Tempsky or Jackson. */
    rangersWithLeader: DrmSchema,
    /** Maori units raiding. */
    maori: DrmSchema,
    /** Militia raiding. */
    militia: DrmSchema,
    /** The raided units include Infantry (Naval and Constabulary count, 3.0 "same as Infantry"):
     *  3.0 "more easily surprised when Raided". Reconstructed. */
    againstInfantry: DrmSchema,
  }),
  ...provenance,
});
export type CombatModifiers = z.infer<typeof CombatModifiersSchema>;

// ---------------------------------------------------------------------------------------------
// Negotiation (8.0) and the Bombardment table's "Neutral Maori" column (9.0 step 4).
// ---------------------------------------------------------------------------------------------

/**
 * Outcome of a negotiation, from the negotiating (or bombarding) player's side:
 *  'ally-with-you'      → the neutral Structure, its units and leader become the negotiator's
 *                         equivalents (Maori, or Queenite for the British player);
 *  'stay-neutral'       → nothing;
 *  'ally-with-opponent' → they become the opponent's equivalents, and the opponent gains the VP of
 *                         the VP list's `alliance-to-opponent` entry (8.0).
 */
export const NegotiationOutcome = z.enum(['ally-with-you', 'stay-neutral', 'ally-with-opponent']);
export type NegotiationOutcome = z.infer<typeof NegotiationOutcome>;

export const NegotiationTableSchema = z
  .strictObject({
    /** Rows minRoll..maxRoll of the modified roll; beyond them read the end rows. */
    minRoll: z.number().int(),
    maxRoll: z.number().int(),
    results: z.array(NegotiationOutcome),
    /** 8.0: "A sole British leader has a +1 DRM (no DRM if there are any units or Structure stacked
     *  with the leader)". */
    soleBritishLeader: DrmValue(),
    /** 8.0: "Maori leaders have +1 DRM (with or without units)". Maori = hostile Maori only. */
    maoriLeader: DrmValue(),
    ...provenance,
  })
  .superRefine((t, ctx) => {
    const rows = t.maxRoll - t.minRoll + 1;
    if (t.results.length !== rows)
      ctx.addIssue({
        code: 'custom',
        path: ['results'],
        message: `needs ${rows} results (rolls ${t.minRoll}..${t.maxRoll}), has ${t.results.length}`,
      });
  });
export type NegotiationTable = z.infer<typeof NegotiationTableSchema>;

function DrmValue() {
  return z.strictObject({ value: z.number().int().min(-6).max(6), rule, ...provenance });
}

// ---------------------------------------------------------------------------------------------
// Bombardment table (9.0 step 4). One column per kind of target ("you cannot 'mix' different
// kinds of targets"); one result per die face 1..6 (no DRM is printed for bombardment).
// ---------------------------------------------------------------------------------------------

/** Against units (Maori units, or Canoes): the CRT's effect vocabulary, on the target only. */
export const BombardUnitsResultSchema = z.strictObject({ code: z.string().min(1).max(6), ...EffectSchema.shape });
export type BombardUnitsResult = z.infer<typeof BombardUnitsResultSchema>;

/** Against a Pa (never its units): 'none'; 'disrupted' (11.0, may panic if unoccupied and already
 *  Disrupted); 'removed' → "A 'Removed' Pa is replaced with a Village" (units and leaders stay). */
export const BombardPaResultSchema = z.strictObject({
  code: z.string().min(1).max(6),
  pa: z.enum(['none', 'disrupted', 'removed']),
});

export const BombardmentTableSchema = z.strictObject({
  columns: z.strictObject({
    /** Maori units in the hex (not their Structure, not Canoes). */
    maoriUnits: z.array(BombardUnitsResultSchema).length(6),
    /** "Neutral Maori": forceful negotiation with a Neutral Village/units, not an attack (9.0 step
     *  4, 8.0); the outcome is from the British player's side. */
    neutralMaori: z.array(NegotiationOutcome).length(6),
    /** Canoes in the hex: `hits` destroy Canoe counters (VP: the VP list), `disrupt` disrupts them. */
    canoes: z.array(BombardUnitsResultSchema).length(6),
    /** The Pa itself. */
    pa: z.array(BombardPaResultSchema).length(6),
  }),
  ...provenance,
});
export type BombardmentTable = z.infer<typeof BombardmentTableSchema>;
export type BombardTarget = keyof BombardmentTable['columns'];

// ---------------------------------------------------------------------------------------------
// Battle Dispatch chits (9.0 step 3) and their Report Chart. The defender draws one per single
// combat (not in Raids, 10.0). "Treat a BD-chit as an 'According to Plan' chit if the text cannot
// be implemented" (e.g. no leader, empty Reinforcement Box, no Artillery there). Each effect lasts
// for the single combat it was drawn in unless it says otherwise.
// ---------------------------------------------------------------------------------------------

/**
 * Who an effect is for: the combat's roles ('attacker' = the phasing player, 'defender' = the
 * drawer) or a player ('british' = the British player, his Queenites included; 'maori').
 */
export const Party = z.enum(['attacker', 'defender', 'british', 'maori']);
export type Party = z.infer<typeof Party>;

/** Unit kinds as the counter mix names them (counters-schema: kind). */
export const UnitKind = z.enum([
  'infantry',
  'naval',
  'artillery',
  'cavalry',
  'militia',
  'constabulary',
  'rangers',
  'gunboat',
  'warriors',
  'canoe',
]);
export type UnitKind = z.infer<typeof UnitKind>;

/** Steps of the combat procedure (9.0) a chit may cancel for this single combat. */
export const CombatStep = z.enum(['bombardment', 'charge', 'counter-attack', 'advance']);

/**
 * The Battle Dispatch effect vocabulary:
 *  none           "According to Plan": nothing.
 *  drm            `value` to every roll of `side` of the kinds in `rolls` in this single combat.
 *  reinforcement  `count` units (of `kinds`, any when absent) from `side`'s Reinforcement Box:
 *                 place 'combat' → into the defending hex if `side` is the defender, else into a hex
 *                 of the participating attacking units, and they take part in this combat (5.0:
 *                 "Extra reinforcements may turn up by playing a 'Reinforcements' BD-Chit during
 *                 combat"); place 'normal' → as in the Reinforcement Phase (5.0), not in this combat.
 *                 Stacking limits hold; what does not fit stays in the box.
 *  skip           the named steps do not happen in this single combat.
 *  call-off       the attack is called off: no Attack (step 7); the declared units count as having
 *                 attacked this phase (9.0: "not use the same unit more than once").
 *  disrupt        at once, `which` ('one': owner's choice; 'all') of `side`'s units in the combat
 *                 become Disrupted (a Disrupted unit checks panic, 11.0).
 *  leader-lost    one leader of `side` in the combat (owner's choice) is eliminated (removed from
 *                 the game, 9.0 "Elimination").
 *  withdraw       before the Attack, `side`'s units may retreat one hex as if they had evaded (9.0
 *                 step 2); the attackers may then advance into a vacated hex.
 *  extra-combat   "a combat situation somewhere else" (9.0 step 3): after this combat ends and
 *                 before any other, `side` may make one single combat anywhere with units (`kinds`,
 *                 any when absent) that have not attacked this phase, even in the other player's
 *                 turn; no BD-chit is drawn for it (`raid` true: conducted as a Raid, 10.0, by units
 *                 on the main map against an adjacent enemy hex without a Structure).
 *  vp             `side` gains `value` VP (negative: loses).
 *  alliance-roll  `side` may at once roll once on the Negotiation table for a Neutral Village within
 *                 `hexes` hexes of the defending hex, with no leader needed and no DRM.
 */
export const ChitEffectSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('none') }),
  z.strictObject({
    type: z.literal('drm'),
    side: Party,
    value: z.number().int().min(-3).max(3),
    rolls: z.array(RollKind).min(1),
  }),
  z.strictObject({
    type: z.literal('reinforcement'),
    side: Party,
    count: z.number().int().min(1).max(4),
    kinds: z.array(UnitKind).min(1).optional(),
    place: z.enum(['combat', 'normal']),
  }),
  z.strictObject({ type: z.literal('skip'), steps: z.array(CombatStep).min(1) }),
  z.strictObject({ type: z.literal('call-off') }),
  z.strictObject({ type: z.literal('disrupt'), side: Party, which: z.enum(['one', 'all']) }),
  z.strictObject({ type: z.literal('leader-lost'), side: Party }),
  z.strictObject({ type: z.literal('withdraw'), side: Party }),
  z.strictObject({
    type: z.literal('extra-combat'),
    side: Party,
    kinds: z.array(UnitKind).min(1).optional(),
    raid: z.boolean(),
  }),
  z.strictObject({ type: z.literal('vp'), side: z.enum(['british', 'maori']), value: z.number().int().min(-3).max(3) }),
  z.strictObject({ type: z.literal('alliance-roll'), side: Party, hexes: z.number().int().min(1).max(10) }),
]);
export type ChitEffect = z.infer<typeof ChitEffectSchema>;

export const ChitSchema = z.strictObject({
  number: z.number().int().min(1),
  title: z.string().min(1),
  /** The Report Chart's text, for people. */
  text: z.string().min(1),
  /** Printed with an asterisk: once played it is set aside for the rest of the game (9.0 step 3:
   *  "Return all chits that do not have an asterisk to the cup when the cup is empty"). */
  asterisk: z.boolean(),
  /** Effects in the order they apply. */
  effects: z.array(ChitEffectSchema).min(1),
  ...provenance,
});
export type Chit = z.infer<typeof ChitSchema>;

export const ChitsSchema = z
  .strictObject({ chits: z.array(ChitSchema).min(1), ...provenance })
  .superRefine((c, ctx) => {
    const seen = new Set<number>();
    c.chits.forEach((ch, i) => {
      if (seen.has(ch.number))
        ctx.addIssue({ code: 'custom', path: ['chits', i, 'number'], message: `chit ${ch.number} appears twice` });
      seen.add(ch.number);
    });
    for (let n = 1; n <= c.chits.length; n++)
      if (!seen.has(n))
        ctx.addIssue({
          code: 'custom',
          path: ['chits'],
          message: `chits are numbered 1..${c.chits.length}; ${n} is missing`,
        });
  });

// ---------------------------------------------------------------------------------------------
// Victory Points list (1.0 "see Victory Points list"). Each entry: an event the engine detects,
// how many VP, and to whom. One VP track (1.0): gaining 1 and the opponent losing 1 are the same.
// ---------------------------------------------------------------------------------------------

/**
 * Events:
 *  structure-destroyed   a `structure` is eliminated or replaced by a lesser one for whatever
 *                        reason (3.0): removed after an advance, a Fort/Pa absorbing a hit or
 *                        panicking, a Pa sapped or Removed by bombardment. Fort on a Town: the Fort
 *                        only (the Town "cannot be eliminated").
 *  town-occupied         a player advances into a Town held by the enemy (9.0 step 7).
 *  unit-eliminated       a unit (not a Leader, Canoe or Gunboat) is eliminated, except by
 *                        attrition (13.0) — see the doc for why this entry exists.
 *  leader-eliminated     a Leader is eliminated (3.0, 6.0, 9.0).
 *  canoe-taken           a British unit without a Queenite enters a sole Maori Canoe (6.0).
 *  canoe-bombarded       a Canoe is destroyed by the Bombardment table.
 *  fort-built            the British build a Fort (12.0 "by expending 1 VP").
 *  alliance-to-opponent  a negotiation makes Neutrals ally with the negotiator's opponent (8.0).
 * `to`: 'opponent' = the opponent of the owner of what was lost (of the negotiator for
 * alliance-to-opponent); 'actor' = the player who did it; or a player.
 */
export const VpEvent = z.enum([
  'structure-destroyed',
  'town-occupied',
  'unit-eliminated',
  'leader-eliminated',
  'canoe-taken',
  'canoe-bombarded',
  'fort-built',
  'alliance-to-opponent',
]);
export const VpEntrySchema = z.strictObject({
  event: VpEvent,
  structure: z.enum(['settlement', 'village', 'fort', 'pa']).optional(),
  vp: z.number().int().min(-9).max(9),
  to: z.enum(['opponent', 'actor', 'british', 'maori']),
  /** The list's line, for people. */
  text: z.string().min(1),
  rule,
  ...provenance,
});
export type VpEntry = z.infer<typeof VpEntrySchema>;

export const VictorySchema = z.strictObject({
  /** 1.0: "the first to reach 9 Victory Points (VP)". */
  decisive: z.number().int().min(1),
  /** 1.0 levels at the end: the least VP for each level (below minor: Draw). */
  levels: z.strictObject({ minor: z.number().int().min(1), major: z.number().int().min(1) }),
  list: z.array(VpEntrySchema).min(1),
  ...provenance,
});
export type Victory = z.infer<typeof VictorySchema>;

// ---------------------------------------------------------------------------------------------

export const TablesSchema = z.strictObject({
  id: z.string(),
  /** The whole file is a reconstruction where true. */
  unofficial: z.boolean(),
  provenance: z.string(),
  combatResults: CombatResultsTableSchema,
  combatModifiers: CombatModifiersSchema,
  bombardment: BombardmentTableSchema,
  negotiation: NegotiationTableSchema,
  battleDispatch: ChitsSchema,
  victory: VictorySchema,
});
export type Tables = z.infer<typeof TablesSchema>;

/** A moderator's file may replace some tables only: each one present replaces the built-in one whole. */
export const TablesPatchSchema = TablesSchema.partial();

export function issuesText(what: string, error: z.ZodError): string {
  return `invalid ${what}: ${error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`;
}

/** A moderator's file may come as JSON text. */
export function fromJson(what: string, input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input);
  } catch (e) {
    throw new Error(`invalid ${what}: not JSON (${(e as Error).message})`);
  }
}

/** Parse a complete tables file; throws an Error naming the path of every problem. */
export function parseTables(input: unknown): Tables {
  const r = TablesSchema.safeParse(fromJson('Maori Wars tables', input));
  if (!r.success) throw new Error(issuesText('Maori Wars tables', r.error));
  return r.data;
}

let builtIn: Tables | undefined;
/** kahu's reconstructed tables (data/tables.json), validated once. */
export function builtInTables(): Tables {
  return (builtIn ??= parseTables(builtInTablesJson));
}

/**
 * The tables a game uses: the built-in ones, with the sections of a moderator's file (game option
 * `tables`, an object or JSON text) replacing theirs whole. Each table carries its own `unofficial`
 * flag, so a game shows which of its tables are reconstructions.
 */
export function loadTables(moderator?: unknown): Tables {
  const base = builtInTables();
  if (moderator === undefined) return base;
  const r = TablesPatchSchema.safeParse(fromJson('Maori Wars tables', moderator));
  if (!r.success) throw new Error(issuesText('Maori Wars tables', r.error));
  const merged: Tables = { ...base, ...(r.data as Partial<Tables>) };
  return parseTables(merged);
}
