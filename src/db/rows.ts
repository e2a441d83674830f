// Many rows in one statement with one parameter: the rows as a JSON array, unpacked in the
// database (jsonb_to_recordset). Prisma's createMany handled each field of each row in JavaScript
// (a batch's phases and mail: most of a worker's time in a deadline storm); here the rows cost one
// JSON.stringify. Rows are inserted in the array's order, so SERIAL columns (seq) follow it.
import type { Tx } from './client.ts';

/** A column's SQL type; 'timestamp' is Prisma's DateTime (timestamp(3), UTC), given as a Date. */
export type ColumnType = 'text' | 'uuid' | 'int' | 'boolean' | 'jsonb' | 'text[]' | 'timestamp';

const q = (name: string) => `"${name}"`;

/**
 * INSERT the rows into `table`, with the columns listed (the others take their defaults). A value
 * null or undefined is SQL NULL. Returns the number of rows inserted.
 */
export async function insertRows(
  tx: Tx,
  table: string,
  columns: Record<string, ColumnType>,
  rows: Record<string, unknown>[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const names = Object.keys(columns);
  const defs = names.map((c) => `${q(c)} ${columns[c] === 'timestamp' ? 'timestamptz' : columns[c]}`).join(', ');
  // Prisma keeps DateTime as UTC in a column without a time zone.
  const values = names
    .map((c) => (columns[c] === 'timestamp' ? `v.${q(c)} AT TIME ZONE 'UTC'` : `v.${q(c)}`))
    .join(', ');
  return tx.$executeRawUnsafe(
    `INSERT INTO ${q(table)} (${names.map(q).join(', ')}) SELECT ${values}
       FROM ROWS FROM (jsonb_to_recordset($1::jsonb) AS (${defs})) WITH ORDINALITY AS v(${names.map(q).join(', ')}, "ord#") ORDER BY v."ord#"`,
    JSON.stringify(rows),
  );
}

/** The ids as one parameter, for `WHERE id IN (${idList(1)})`. */
export const idList = (param: number) => `SELECT jsonb_array_elements_text($${param}::jsonb)::uuid`;
