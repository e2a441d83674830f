// `England: F Lon - Nth`: an order line may begin with its power's name and a colon, as orders are
// often pasted from a PBEM message or a list of all powers' orders. One reader for the service
// (src/games/diplomacy.ts) and the adjudicate CLI (src/cli/adjudicate.ts), so both read a line alike.

const PREFIX = /^\s*([A-Za-z][A-Za-z' -]*?)\s*:\s*(.+)$/;

/** The power a line names before a colon (as `powers` spells it) and the order after it; null when it names none of them. */
export function splitPowerPrefix(powers: Iterable<string>, text: string): { power: string; order: string } | null {
  const m = PREFIX.exec(text);
  if (!m) return null;
  const named = m[1]!.toLowerCase();
  for (const p of powers) if (p.toLowerCase() === named) return { power: p, order: m[2]! };
  return null;
}

/** Why a line naming another power is refused: the writer gives orders to their own units only. */
export const foreignPowerMessage = (named: string, writer: string) => `this order is for ${named}; you play ${writer}`;
