// Shared zod schemas of the API (also the OpenAPI components).
import { z } from 'zod';

export const Problem = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string().optional(),
    errors: z
      .array(
        z.object({
          field: z.string().optional(),
          line: z.number().int().optional(),
          text: z.string().optional(),
          message: z.string(),
        }),
      )
      .optional(),
  })
  .passthrough()
  .describe('application/problem+json (RFC 9457): what went wrong, and the field or order line at fault.');

export const problems = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, Problem]));

export const Uuid = z.string().uuid({ message: 'must be an id (UUID) as returned by the API' });
export const Email = z.string().trim().max(254).email({ message: 'must be an email address like name@example.org' });
export const IsoDate = z.string().describe('ISO-8601 time, UTC');
export const Accepted = z.object({ message: z.string() });

/**
 * A name people read (a game, an account): one line of printable text. Control characters and
 * line breaks are refused: in mail they could forge `::` header lines or whole paragraphs.
 */
export const DisplayName = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !/[\p{Cc}\p{Zl}\p{Zp}\u200B-\u200F\u202A-\u202E\u2066-\u2069]/u.test(s), {
      message: 'must be one line of printable text (no control characters, line breaks or direction marks)',
    });

/** What a game module hands out as data (a view, a report): an object whose shape is the game's. */
export const EngineView = z.record(z.string(), z.unknown());

/** One submitted line as the judge read it. */
export const ReadLine = z.object({
  line: z.number().int().describe('1-based line of the submission'),
  text: z.string().describe('The line as written'),
  ok: z.boolean(),
  reading: z.string().optional().describe("The order as the judge understood it, in the rulebook's notation"),
  error: z.string().optional().describe('Why the line was refused, naming the word at fault'),
});
