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
      .array(z.object({ field: z.string().optional(), line: z.number().int().optional(), text: z.string().optional(), message: z.string() }))
      .optional(),
  })
  .passthrough()
  .describe('application/problem+json (RFC 9457): what went wrong, and the field or order line at fault.');

export const problems = (...codes: number[]) => Object.fromEntries(codes.map((c) => [c, Problem]));

export const Uuid = z.string().uuid({ message: 'must be an id (UUID) as returned by the API' });
export const Email = z.string().trim().max(254).email({ message: 'must be an email address like name@example.org' });
export const IsoDate = z.string().describe('ISO-8601 time, UTC');
export const Accepted = z.object({ message: z.string() });
