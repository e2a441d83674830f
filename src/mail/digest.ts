// The daily digest (notify = digest): one mail of what happened in each of the reader's games since
// the last one. Every text about a game goes through the engine's formatReport / formatPosition
// with the reader's Viewer, as in the results mail; the service gathers (src/service/digest.ts).
import type { Config } from '../config.ts';
import type { GameModule } from '../contract/types.ts';
import type { Phase } from '../db/generated/client.ts';
import { gameTitle, nextPhaseLine, roleNameOf, type Reader } from './game-mail.ts';
import type { OutgoingMail } from './outbox.ts';
import { signature } from './templates.ts';
import { formatTime, isoUtc } from './time.ts';

export interface DigestGame {
  game: { id: string; name: string; variant: string; scenario: string; seedHash: string; status: string };
  module: GameModule;
  /** Phases resolved since the last digest, oldest first, with the engine's report. */
  resolved: { phase: Phase; report: unknown }[];
  /** Events since the last digest, already rendered for the reader (addresses they may not see hidden). */
  events: { text: string; at: Date }[];
  /** The phase open now, its state, and whether the reader's orders for it are in. */
  open: { phase: Phase; state: unknown; submitted: boolean } | null;
}

const indent = (text: string, by = '  ') =>
  text
    .replace(/\s+$/, '')
    .split('\n')
    .map((l) => (l ? by + l : l))
    .join('\n');

function section(config: Config, d: DigestGame, reader: Reader): string {
  const { game, module, open } = d;
  const role =
    reader.viewer.kind === 'player'
      ? `you play ${roleNameOf(game, reader.viewer.role)}`
      : reader.viewer.kind === 'moderator'
        ? 'you moderate it'
        : 'you watch it';
  let s = `== ${game.name} (${gameTitle(game)}); ${role} ==\n${config.publicUrl}/#/games/${game.id}\n\n`;
  if (d.events.length)
    s += `What happened:\n${d.events.map((e) => `  ${formatTime(e.at, reader.timeZone)}: ${e.text}`).join('\n')}\n\n`;
  for (const r of d.resolved) {
    s += `Results of ${r.phase.label}, processed ${formatTime(r.phase.resolvedAt, reader.timeZone)}:\n\n${indent(module.formatReport(r.report, reader.viewer), '    ')}\n\n`;
  }
  if (!d.events.length && !d.resolved.length)
    s += 'Nothing was processed and nothing happened since the last digest.\n\n';
  if (open) {
    if (d.resolved.length)
      s += `Position for ${open.phase.label}:\n\n${indent(module.formatPosition(open.state as never, reader.viewer), '    ')}\n\n`;
    s += `Now: ${open.phase.label}, deadline ${formatTime(open.phase.deadlineAt, reader.timeZone)}.\n`;
    const expected = reader.viewer.kind === 'player' && module.expectedRoles(open.state).includes(reader.viewer.role);
    s +=
      expected && open.submitted
        ? `Your orders for ${open.phase.label} are in; you may change them until the deadline.\n`
        : nextPhaseLine(config, game, module, reader, open.phase, open.state);
  } else if (game.status === 'finished') {
    s += 'The game is over.\n';
  }
  return `${s}\n`;
}

/** One reader's digest of `list` (their games with something to tell), for the day up to `now`. */
export function digestMail(
  config: Config,
  reader: { email: string; timeZone: string; name?: string | null },
  list: { digest: DigestGame; reader: Reader }[],
  since: Date,
  now: Date,
): OutgoingMail {
  let body = `:: Judge: kahu  Digest\n:: Since: ${isoUtc(since)}\n:: Until: ${isoUtc(now)}\n:: Games: ${list.length}\n\n`;
  body += `Your daily digest: what happened in your games since ${formatTime(since, reader.timeZone)}.\n`;
  // Each reader their own channel: an email player the command, anyone else the settings page.
  const byMail = config.inbound?.enabled && list.some((x) => x.reader.byMail);
  body += `(You get this instead of each phase's results. To change it: ${byMail ? 'send SET NOTIFY EVERY PHASE in a mail to the judge' : `"How often game mail comes" on your settings page, ${config.publicUrl}/#/settings`}.)\n\n`;
  for (const x of list) body += section(config, x.digest, x.reader);
  const names = list.map((x) => x.digest.game.name);
  const subject = `kahu digest: ${names.length <= 2 ? names.join(' and ') : `${names.slice(0, 2).join(', ')} and ${names.length - 2} more`}`;
  return { to: reader.email, kind: 'digest', gameId: null, subject, body: body + signature(config) };
}
