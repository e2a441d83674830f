import type { GameModule, PhaseInfo, ReadLine, Viewer } from '../contract/types.ts';

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
export function visibleAddresses(
  reader: { kind: 'moderator' | 'player' | 'observer'; email?: string | null },
  moderatorEmail: string,
): string[] | null {
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

export function renderPeople(
  text: string,
  people: Map<string, { email: string; name: string | null }>,
  keep: string[] | null,
): string {
  const allowed = keep === null ? null : new Set(keep.map((e) => e.toLowerCase()));
  return text.replace(PERSON, (_m, id: string) => {
    const p = people.get(id);
    if (!p) return 'someone';
    if (allowed === null || allowed.has(p.email.toLowerCase())) return p.email;
    return p.name ?? HIDDEN_ADDRESS;
  });
}

/**
 * A submission as one reader may read it (history, phase detail, the email HISTORY, the web page
 * built on them), or null when none of it is theirs. Its author reads it all; nobody else, the
 * moderator included, before the phase is adjudicated; then the moderator all, and the others
 * every line but those the game keeps with their author until the game ends
 * (`GameModule.isPrivateLine`: Hawaii 1795's whole turn under fog of war, standing instructions,
 * Aloha's queue), and no Haole ballot slip.
 */
export function submissionFor(
  module: GameModule,
  phase: { status: string; type: PhaseInfo['type'] | string },
  sub: { role: string; lines: unknown; readings: unknown; receipt: string; createdAt: Date },
  viewer: Viewer,
  gameOver: boolean,
): { role: string; lines: string[]; readings: ReadLine[]; receipt: string | null; submittedAt: Date } | null {
  const all = {
    role: sub.role,
    lines: sub.lines as string[],
    readings: sub.readings as ReadLine[],
    receipt: sub.receipt as string | null,
    submittedAt: sub.createdAt,
  };
  if (viewer.kind === 'player' && viewer.role === sub.role) return all;
  // Sealed until adjudicated, from the moderator too.
  if (phase.status !== 'adjudicated' && phase.status !== 'skipped') return null;
  if (viewer.kind === 'moderator' || gameOver) return all;
  // Secret ballots (Heiau's Haole scenarios) are revealed by the engine's report, not here.
  if (phase.type === 'ballot') return null;
  if (!module.isPrivateLine) return all;
  const readings = all.readings.filter((r) => !module.isPrivateLine!(r));
  // Nothing to show (a cleared submission too): not even that the author sent something, or when.
  if (readings.length === 0) return null;
  if (readings.length === all.readings.length) return all;
  // Numbered afresh, and without the receipt (a hash of the whole submission, which could be
  // matched against guesses): neither tells what, or how much, was left out.
  return {
    ...all,
    lines: readings.map((r) => r.text),
    readings: readings.map((r, i) => ({ ...r, line: i + 1 })),
    receipt: null,
  };
}
