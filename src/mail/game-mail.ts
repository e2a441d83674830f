// Game mail, per reader: every text about the game goes through the engine's formatReport /
// formatPosition with the reader's Viewer. Each mail starts with njudge-style `::` lines.
import type { Config } from '../config.ts';
import type { Phase } from '../db/generated/client.ts';
import { games, roleNameOf, roleNamesOf } from '../games/index.ts';

export { roleNameOf, roleNamesOf };
import type { GameModule, Outcome, ReadLine, Viewer } from '../contract/types.ts';
import type { OutgoingMail } from './outbox.ts';
import { signature } from './templates.ts';
import { formatTime, isoUtc } from './time.ts';

/** `byMail`: an email player of the game (the judge has answered their mail about it): their mail names email commands. */
export interface Reader {
  email: string;
  timeZone: string;
  viewer: Viewer;
  name?: string | null;
  byMail?: boolean;
}
interface GameLike {
  id: string;
  name: string;
  variant: string;
  scenario: string;
  seedHash: string;
  seed?: string;
}

/** A viewer as stored with a queued mail, so its map is drawn for the same reader at send time. */
export function viewerKey(v: Viewer): string {
  return v.kind === 'player' ? v.role : `@${v.kind}`;
}

export function viewerOfKey(key: string): Viewer {
  return key === '@moderator'
    ? { kind: 'moderator' }
    : key === '@observer'
      ? { kind: 'observer' }
      : { kind: 'player', role: key };
}

/** "Heiau Diplomacy, scenario Race": the names of the game's variant and scenario, not their ids. */
export function gameTitle(game: { variant: string; scenario: string }): string {
  const m = games[game.variant];
  const scenario = m?.scenarios.find((x) => x.id === game.scenario);
  const name = m?.name ?? game.variant;
  // "Hawaii 1795, short game (...)" names its game already.
  return scenario?.name.startsWith(name) ? scenario.name : `${name}, scenario ${scenario?.name ?? game.scenario}`;
}

/** The reader's role: its id in the machine-read `::` lines. */
function roleName(v: Viewer): string {
  return v.kind === 'player' ? v.role : v.kind === 'moderator' ? 'Moderator' : 'Observer';
}

/** The reader's role as people read it. */
function readerName(game: { variant: string; scenario: string }, v: Viewer): string {
  return v.kind === 'player' ? roleNameOf(game, v.role) : roleName(v);
}

export function headerLines(config: Config, game: GameLike, reader: Reader, extra: [string, string][] = []): string {
  const lines: [string, string][] = [
    ['Judge', `kahu  Game: ${game.name}  Variant: ${game.variant}/${game.scenario}`],
    ['Game-Id', game.id],
    ['Role', roleName(reader.viewer)],
    ...extra,
    ['URL', `${config.publicUrl}/games/${game.id}`],
  ];
  return lines.map(([k, v]) => `:: ${k}: ${v}`).join('\n') + '\n\n';
}

function indent(text: string): string {
  return text
    .replace(/\s+$/, '')
    .split('\n')
    .map((l) => (l ? `  ${l}` : l))
    .join('\n');
}

/**
 * The line that tells a player what to send for `phase` (whose state is `state`): their orders
 * when the engine expects them, else what they may still send (the engine's waitingNote), else
 * that they have nothing to order. Empty for the moderator and observers.
 */
export function nextPhaseLine(
  config: Config,
  game: GameLike,
  module: GameModule,
  reader: Reader,
  phase: Phase,
  state: unknown,
): string {
  if (reader.viewer.kind !== 'player') return '';
  const role = reader.viewer.role;
  // Each reader reads their own channel: an email player the reply, anyone else the game's page.
  const byMail = reader.byMail && config.inbound?.enabled;
  const how = (it: string) =>
    byMail
      ? `: reply to this mail with ${it}, one per line (HELP lists the commands)`
      : ` on the game's page, ${config.publicUrl}/#/games/${game.id}`;
  if (module.expectedRoles(state).includes(role)) {
    return phase.type === 'turn'
      ? `Your turn: send your turn for ${phase.label}${how('it')}.\n`
      : `Your orders for ${phase.label} are due${how('your orders')}.\n`;
  }
  const note = module.waitingNote?.(state, role);
  if (note) return `${note}${how('them')}.\n`;
  return `You (${roleNameOf(game, role)}) have nothing to order in ${phase.label}; it is processed without orders from you.\n`;
}

/** `dealt`: the powers dealt with this result (Heiau's Two Haoles, after the ballots), power -> who. */
export function resultsMail(
  config: Config,
  game: GameLike,
  module: GameModule,
  reader: Reader,
  done: { phase: Phase; report: unknown }[],
  next: Phase | null,
  nextState: unknown,
  now: Date,
  dealt?: Record<string, string>,
): OutgoingMail {
  const first = done[0].phase;
  const extra: [string, string][] = [
    ['Phase', `${first.key} ${first.label}`],
    ['Processed', isoUtc(now)],
    ...done.slice(1).map((d) => ['Skipped', `${d.phase.key} ${d.phase.label}`] as [string, string]),
  ];
  if (next)
    extra.push(
      ['Next', `${next.key} ${next.label}`],
      ['Deadline', `${next.key} ${next.deadlineAt ? isoUtc(next.deadlineAt) : 'none'}`],
    );
  else extra.push(['Next', 'none (the game is over)']);
  let body = headerLines(config, game, reader, extra);
  body += `${game.name}: results of ${first.label}, processed ${formatTime(now, reader.timeZone)}.\n\n`;
  if (dealt) {
    const order = module.scenarios.find((x) => x.id === game.scenario)?.roles ?? [];
    const powers = Object.entries(dealt).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
    body += `The powers were dealt after the ballots.${reader.viewer.kind === 'player' ? ` You play ${reader.viewer.role}.` : ''}\nPowers:\n${powers.map(([role, who]) => `  ${role}: ${who}`).join('\n')}\n\n`;
  }
  for (const [i, d] of done.entries()) {
    if (i > 0) body += `\n${d.phase.label} had no choices to make and was resolved at once:\n\n`;
    body += indent(module.formatReport(d.report, reader.viewer)) + '\n';
  }
  body += `\nPosition${next ? ` for ${next.label}` : ' at the end of the game'}:\n\n${indent(module.formatPosition(nextState, reader.viewer))}\n`;
  if (next) {
    body += `\nNext phase: ${next.label}.\nDeadline: ${formatTime(next.deadlineAt, reader.timeZone)}.\n`;
    body += nextPhaseLine(config, game, module, reader, next, nextState);
  }
  return {
    to: reader.email,
    kind: 'results',
    gameId: game.id,
    map: { phaseId: first.id, viewer: viewerKey(reader.viewer) },
    subject: `${game.name}: ${first.label} results${dealt && reader.viewer.kind === 'player' ? `; you play ${reader.viewer.role}` : ''}${next ? ` — next: ${next.label}` : ''}`,
    body: body + signature(config),
  };
}

export function startMail(
  config: Config,
  game: GameLike,
  module: GameModule,
  reader: Reader,
  phase: Phase,
  state: unknown,
  assignment: Record<string, string>,
  note?: string,
): OutgoingMail {
  let body = headerLines(config, game, reader, [
    ['Started', isoUtc(phase.openedAt)],
    ['Seed-Hash', game.seedHash],
    ['Phase', `${phase.key} ${phase.label}`],
    ['Deadline', `${phase.key} ${phase.deadlineAt ? isoUtc(phase.deadlineAt) : 'none'}`],
  ]);
  body += `${game.name} has started (${gameTitle(game)}).\n`;
  // A game taken over from another judge starts where it was left there.
  if (note) body += `${note.trim()}\n`;
  if (reader.viewer.kind === 'player') body += `You play ${roleNameOf(game, reader.viewer.role)}.\n`;
  // In the scenario's order, so the list says nothing but who plays what.
  const order = module.scenarios.find((x) => x.id === game.scenario)?.roles ?? [];
  const powers = Object.entries(assignment).sort(([a], [b]) => order.indexOf(a) - order.indexOf(b));
  // Heiau's Two Haoles seats the players as voters; the powers are dealt after the ballots.
  const seats = powers.length > 0 && powers.every(([role]) => !order.includes(role));
  body += `\n${seats ? 'Seats (the powers are dealt after the ballots)' : 'Powers'}:\n${powers.map(([role, who]) => `  ${roleNameOf(game, role)}: ${who}`).join('\n')}\n`;
  body += `\nEvery random draw of this game comes from a secret seed. Its SHA-256 is\n  ${game.seedHash}\nThe seed is published when the game ends, so anyone can check every draw and replay the game.\n`;
  body += `\nPosition for ${phase.label}:\n\n${indent(module.formatPosition(state, reader.viewer))}\n`;
  body += `\nFirst deadline (${phase.label}): ${formatTime(phase.deadlineAt, reader.timeZone)}.\n`;
  body += nextPhaseLine(config, game, module, reader, phase, state);
  if (config.inbound?.enabled && !reader.byMail)
    body += `To play by email instead, reply to this mail (or any later one about the game): one command per line, HELP lists them.\n`;
  return {
    to: reader.email,
    kind: 'start',
    gameId: game.id,
    map: { phaseId: phase.id, viewer: viewerKey(reader.viewer) },
    subject: `${game.name} has started${reader.viewer.kind === 'player' ? `: you play ${roleNameOf(game, reader.viewer.role)}` : ''}`,
    body: body + signature(config),
  };
}

export function receiptMail(
  config: Config,
  game: GameLike,
  reader: Reader,
  phase: Phase,
  lines: ReadLine[],
  receipt: string,
  at: Date,
  ready: boolean,
): OutgoingMail {
  let body = headerLines(config, game, reader, [
    ['Phase', `${phase.key} ${phase.label}`],
    ['Receipt', receipt],
    ['Received', isoUtc(at)],
    ['Deadline', `${phase.key} ${phase.deadlineAt ? isoUtc(phase.deadlineAt) : 'none'}`],
  ]);
  body += lines.length
    ? `Orders of ${readerName(game, reader.viewer)} for ${phase.label}, received ${formatTime(at, reader.timeZone)}:\n\n`
    : `Your orders for ${phase.label} were cleared at ${formatTime(at, reader.timeZone)}.\n`;
  for (const l of lines)
    body += `  ${String(l.line).padStart(2)}. ${l.text}\n      ${l.ok ? `read as: ${l.reading ?? l.text}` : `REJECTED: ${l.error}`}\n`;
  body += `\nReceipt: ${receipt}\n(SHA-256 of the accepted orders and the time of receipt.)\n`;
  body += `Ready: ${ready ? 'yes' : 'no'}. Deadline: ${formatTime(phase.deadlineAt, reader.timeZone)}.\n`;
  return {
    to: reader.email,
    kind: 'receipt',
    gameId: game.id,
    subject: `${game.name}: orders received for ${phase.label}`,
    body: body + signature(config),
  };
}

export function reminderMail(config: Config, game: GameLike, reader: Reader, phase: Phase): OutgoingMail {
  let body = headerLines(config, game, reader, [
    ['Phase', `${phase.key} ${phase.label}`],
    ['Deadline', `${phase.key} ${phase.deadlineAt ? isoUtc(phase.deadlineAt) : 'none'}`],
  ]);
  body += `Reminder: we have no orders from ${readerName(game, reader.viewer)} for ${phase.label}.\nDeadline: ${formatTime(phase.deadlineAt, reader.timeZone)}.\n`;
  return {
    to: reader.email,
    kind: 'reminder',
    gameId: game.id,
    map: { phaseId: phase.id, viewer: viewerKey(reader.viewer) },
    subject: `${game.name}: no orders yet for ${phase.label}`,
    body: body + signature(config),
  };
}

export function lateMail(
  config: Config,
  game: GameLike,
  phase: Phase,
  reader: Reader & { late: boolean },
  late: string[],
  graceUntil: Date,
): OutgoingMail {
  let body = headerLines(config, game, reader, [
    ['Phase', `${phase.key} ${phase.label}`],
    ['Grace-Until', isoUtc(graceUntil)],
  ]);
  body += reader.late
    ? `The deadline for ${phase.label} has passed and we have no orders from you (${readerName(game, reader.viewer)}).\nThe game waits for you until ${formatTime(graceUntil, reader.timeZone)}; then your units hold.\n`
    : `The deadline for ${phase.label} has passed. Late: ${roleNamesOf(game, late)}.\nThe game waits until ${formatTime(graceUntil, reader.timeZone)} at the latest.\n`;
  return {
    to: reader.email,
    kind: 'late',
    gameId: game.id,
    subject: `${game.name}: ${reader.late ? 'your orders are late' : 'waiting for late orders'} (${phase.label})`,
    body: body + signature(config),
  };
}

export function gameOverMail(
  config: Config,
  game: GameLike & { seed: string },
  module: GameModule,
  reader: Reader,
  outcome: Outcome | { kind: string; text: string; winners?: string[] },
  finalState: unknown,
): OutgoingMail {
  let body = headerLines(config, game, reader, [
    ['Result', `${outcome.kind} ${(outcome.winners ?? []).join(', ')}`.trim()],
    ['Seed', game.seed],
    ['Seed-Hash', game.seedHash],
  ]);
  body += `${game.name} is over: ${outcome.text}\n\n`;
  if (finalState !== undefined && finalState !== null)
    body += `Final position:\n\n${indent(module.formatPosition(finalState, reader.viewer))}\n\n`;
  body += `The game's seed is now public:\n  ${game.seed}\nIts SHA-256 is ${game.seedHash}, as announced at the start. With it and the recorded orders\n(the game's history, ${config.publicUrl}/games/${game.id}/history) anyone can replay the game and check every draw.\n`;
  return {
    to: reader.email,
    kind: 'game-over',
    gameId: game.id,
    subject: `${game.name} is over: ${outcome.text}`,
    body: body + signature(config),
  };
}

export function inviteMail(
  config: Config,
  game: GameLike & { moderatorEmail: string },
  to: string,
  role: string | null,
): OutgoingMail {
  const body =
    `${game.moderatorEmail} invites you to play ${game.name} (${gameTitle(game)}) on kahu${role ? ` as ${roleNameOf(game, role)}` : ''}.\n\n` +
    `In a browser: open ${config.publicUrl}/#/games/${game.id}, sign in with this address and press "Join this game".\n` +
    // The invitee's channel is not known yet: the browser and email first, the API last, for programs.
    (config.inbound?.enabled
      ? `\nBy email: reply to this mail with the line\n\n    JOIN\n\nfrom this address (the reply goes to your own address for this invitation; HELP lists the commands).\n`
      : '') +
    `\nFor programs, over the API: get a token with POST ${config.publicUrl}/accounts and {"email": "${to}"} (it comes by email),\n` +
    `then POST ${config.publicUrl}/games/${game.id}/join with it.\n`;
  return {
    to,
    kind: 'invite',
    gameId: game.id,
    subject: `Invitation: ${game.name}`,
    body: `:: Judge: kahu  Game: ${game.name}\n:: Game-Id: ${game.id}\n\n` + body + signature(config),
  };
}

export function eventMail(
  config: Config,
  game: GameLike,
  reader: Reader,
  kind: string,
  text: string,
  at: Date,
  times: [string, Date | null][] = [],
): OutgoingMail {
  let body = headerLines(config, game, reader, [
    ['Event', kind],
    ['At', isoUtc(at)],
    ...times.map(([k, t]) => [k, t ? isoUtc(t) : 'none'] as [string, string]),
  ]);
  body += `${text}\n`;
  for (const [k, t] of times) body += `${k}: ${formatTime(t, reader.timeZone)}\n`;
  body += `\n(${formatTime(at, reader.timeZone)})\n`;
  return {
    to: reader.email,
    kind: `event:${kind}`,
    gameId: game.id,
    subject: `${game.name}: ${text.length > 70 ? text.slice(0, 67) + '...' : text}`,
    body: body + signature(config),
  };
}
