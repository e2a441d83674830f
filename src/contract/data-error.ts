// Game data (a moderator's map, scenario or components) that does not fit its schema: the problem
// with where each fault is, as a path from the game's options (data.map.drawing.coast.0), so that
// the answer to a game's creation names the field.
import type { z } from 'zod';

export interface DataIssue {
  path: (string | number)[];
  message: string;
}

export class DataError extends Error {
  constructor(
    readonly what: string,
    readonly issues: DataIssue[],
  ) {
    super(`${what}: ${issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`).join('; ')}`);
    this.name = 'DataError';
  }

  /** The same problems, their paths under `prefix` (the option the data came in). */
  under(prefix: (string | number)[]): DataError {
    return new DataError(
      this.what,
      this.issues.map((i) => ({ path: [...prefix, ...i.path], message: i.message })),
    );
  }
}

export function dataError(what: string, error: z.ZodError, prefix: (string | number)[] = []): DataError {
  return new DataError(
    what,
    error.issues.map((i) => ({
      path: [...prefix, ...i.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
      message: i.message,
    })),
  );
}

/** Parse with `schema`, throwing a DataError whose paths start at `prefix`. */
export function parseData<S extends z.ZodType>(
  schema: S,
  value: unknown,
  what: string,
  prefix: (string | number)[] = [],
): z.infer<S> {
  const r = schema.safeParse(value);
  if (!r.success) throw dataError(what, r.error, prefix);
  return r.data;
}
