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

/**
 * Events store who did what as account ids (`{person:<id>}`), never addresses: each reader's text
 * is rendered from them, with the address where the reader may see it and the account's name (or
 * "(address hidden)") where not. Nothing is scrubbed, so no address can half-survive a regex.
 */
export const personRef = (accountId: string) => `{person:${accountId}}`;
const PERSON = /\{person:([0-9a-f-]{36})\}/g;

export function personIds(text: string): string[] {
  return [...text.matchAll(PERSON)].map((m) => m[1]!);
}

export function renderPeople(text: string, people: Map<string, { email: string; name: string | null }>, keep: string[] | null): string {
  const allowed = keep === null ? null : new Set(keep.map((e) => e.toLowerCase()));
  return text.replace(PERSON, (_m, id: string) => {
    const p = people.get(id);
    if (!p) return 'someone';
    if (allowed === null || allowed.has(p.email.toLowerCase())) return p.email;
    return p.name ?? HIDDEN_ADDRESS;
  });
}
