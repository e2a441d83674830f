// Email addresses are private: a player sees their own address and the moderator's, the
// moderator sees everyone's, an observer nobody's. Texts written once for everyone (game events,
// event mail) are redacted for each reader on the way out.
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

export const HIDDEN_ADDRESS = '(address hidden)';

export function redactEmails(text: string, keep: Iterable<string>): string {
  const allowed = new Set([...keep].map((e) => e.toLowerCase()));
  return text.replace(EMAIL, (m) => (allowed.has(m.toLowerCase()) ? m : HIDDEN_ADDRESS));
}

/** The addresses a reader may see in a game's texts. */
export function visibleAddresses(reader: { kind: 'moderator' | 'player' | 'observer'; email?: string | null }, moderatorEmail: string): string[] | null {
  if (reader.kind === 'moderator') return null; // everything
  const keep = reader.email ? [reader.email] : [];
  if (reader.kind === 'player') keep.push(moderatorEmail);
  return keep;
}

export function redactFor(text: string, keep: string[] | null): string {
  return keep === null ? text : redactEmails(text, keep);
}
