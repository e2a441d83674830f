// Aloha's components as data: islands, the island resources, the Royal Family cards with their
// votes, the Scoring Chart and the three chapters' Event cards. The rulebook does not print them;
// src/aloha/data/aloha.json reconstructs them (unofficial, with provenance) and a moderator may
// replace it with the printed ones: anything that passes this schema plays.
import { z } from 'zod';
import { parseData } from '../contract/data-error.ts';
import { SafeId, SvgText } from '../contract/svg-data.ts';
import shipped from './data/aloha.json' with { type: 'json' };

export const ISLANDS = ['Kauai', 'Oahu', 'Molokai', 'Maui', 'Hawaii'] as const;
export type Island = (typeof ISLANDS)[number];
export const RESOURCES = ['ph', 'aloha', 'commerce', 'warriors', 'homeRule'] as const;
export type Resource = (typeof RESOURCES)[number];

const IslandZ = z.enum(ISLANDS);
const Amounts = z
  .object({
    ph: z.number().int().min(0).max(10),
    aloha: z.number().int().min(0).max(10),
    commerce: z.number().int().min(0).max(10),
    warriors: z.number().int().min(0).max(10),
    homeRule: z.number().int().min(0).max(10),
  })
  .partial()
  .strict();
export type Amounts = z.infer<typeof Amounts>;

const EventCard = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    chapter: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    title: SvgText().min(1),
    year: z.number().int().optional(),
    text: SvgText(2000),
    /** Islands on which an Action token lets a player select the card. */
    active: z.array(IslandZ),
    /** The island the event impacts: Pure Hawaiian tokens paid or received go from or to it. */
    impacts: IslandZ,
    receive: Amounts,
    pay: Amounts.optional(),
    /** immediate: inner red border, executed on all present when it turns up; played: red border, a player plays it on opponents. */
    calamity: z.enum(['immediate', 'played']).optional(),
  })
  .strict()
  .refine((c) => c.calamity === 'immediate' || c.calamity === 'played' || c.active.length > 0, {
    message: 'an event that is not a calamity needs at least one active island',
  });
export type EventCard = z.infer<typeof EventCard>;

const RoyalCard = z
  .object({
    id: SafeId,
    name: SvgText(),
    stage: z.enum(['prologue', 'chapter1', 'chapter2', 'epilogue']),
    kind: z.enum(['monarch', 'island', 'governor']),
    island: IslandZ.optional(),
    votes: z.number().int().min(0).max(20),
  })
  .strict();
export type RoyalCard = z.infer<typeof RoyalCard>;

export const AlohaData = z
  .object({
    provenance: SvgText(4000),
    unofficial: z.boolean(),
    islands: z.array(IslandZ).length(5),
    islandResource: z.record(IslandZ, Amounts),
    chapter3HawaiiResource: Amounts,
    pureHawaiianTokens: z.number().int().min(20).max(60),
    migrationTokens: z.number().int().min(1).max(30),
    prologueActionTokens: z.number().int().min(1).max(5),
    tracks: z
      .object({
        ph: z.number().int(),
        aloha: z.number().int(),
        commerce: z.number().int(),
        warriors: z.number().int(),
        homeRule: z.number().int(),
        score: z.number().int(),
      })
      .strict(),
    royalCards: z.array(RoyalCard),
    scoring: z
      .object({
        stage: z.object({ monarch: z.number().int(), island: z.number().int() }).strict(),
        chapter3: z.array(
          z.object({ resource: z.enum(RESOURCES), first: z.number().int(), second: z.number().int() }).strict(),
        ),
        epilogue: z
          .object({
            governor: z.number().int(),
            representative: z.number().int(),
            perPoint: z
              .object({
                ph: z.number().int().min(1),
                aloha: z.number().int().min(1),
                commerce: z.number().int().min(1),
              })
              .strict(),
          })
          .strict(),
      })
      .strict(),
    events: z.array(EventCard),
  })
  .strict()
  .superRefine((d, ctx) => {
    for (const ch of [1, 2, 3])
      if (d.events.filter((e) => e.chapter === ch).length < 5)
        ctx.addIssue({
          code: 'custom',
          message: `chapter ${ch} needs at least 5 Event cards (4 face up and one to draw)`,
        });
    for (const stage of ['prologue', 'chapter1', 'chapter2'] as const) {
      if (d.royalCards.filter((c) => c.stage === stage && c.kind === 'monarch').length !== 1)
        ctx.addIssue({ code: 'custom', message: `${stage} needs exactly one monarch card` });
    }
    for (const stage of ['prologue', 'chapter1', 'chapter2', 'epilogue'] as const)
      for (const island of ISLANDS)
        if (d.royalCards.filter((c) => c.stage === stage && c.kind === 'island' && c.island === island).length !== 1)
          ctx.addIssue({ code: 'custom', message: `${stage} needs one card for ${island}` });
    if (new Set(d.events.map((e) => e.id)).size !== d.events.length)
      ctx.addIssue({ code: 'custom', message: 'Event card ids must be unique' });
  });
export type AlohaData = z.infer<typeof AlohaData>;

/** Validate components (the shipped file, or a moderator's replacement); errors name the field. */
export function loadAlohaData(raw: unknown): AlohaData {
  return parseData(AlohaData, raw, 'Aloha components');
}

export const ALOHA: AlohaData = loadAlohaData(shipped);
