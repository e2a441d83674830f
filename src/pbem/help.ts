// The HELP reply: every command a player (or the moderator) can write by email.
import type { Config } from '../config.ts';
import { judgeAddress, type Purpose } from '../service/mail-sending/reply-address.ts';

/** The Aloha lines (docs/aloha.md), for the HELP of an Aloha game. */
export const ALOHA_HELP = `Aloha: one phase is one decision of one player. When it is your turn, send one action:
  settle Kauai                   Prologue: the island you settle (one player per island)
  migrate 5 Kauai Oahu           migrate a group of Pure Hawaiian tokens (an Action token from the island left)
  warrior [Hawaii]               take a Warrior (not in Chapter III); the island whose Action token you use
  take Molokai                   the island's resource (Kauai Pure Hawaiian, Oahu Commerce, Molokai 2 Aloha,
                                 Maui Aloha, Hawaii 2 Warriors, or a Home Rule token in Chapter III)
  event 3 [Maui]                 the third face-up Event card, with an Action token on an active island
  king Maui                      where the King (Queen) token goes, at the start of a chapter
  convert 2 ph aloha Kauai       Epilogue: up to 5 conversions, one a line; convert 3 aloha homerule; pass
Lines after your action, or sent while another player decides, are queued for your next decisions:
each is played when your turn comes, without a deadline of its own, only if nothing has happened
since but your own actions (another player's action, a card turned up or a stage's end drops the
queue; the results tell you). A new reply replaces the queue.
STATUS shows the position and whose turn it is. Missing a deadline plays the first legal action for you.`;

/** The Hawaii 1795 lines (docs/hawaii-1795.md), for the HELP of a Hawaii 1795 game. */
export const HAWAII_1795_HELP = `Hawaii 1795: one phase is one player turn. The player whose turn it is sends the whole turn as
one submission, after seeing the card drawn for it (STATUS shows it). The other player may send
only STANDING lines, at any time. Case-insensitive; units and spaces as STATUS names them
("Oahu-1", "2 warriors", "Vancouver cannon"); lines are carried out in phase order.
  PLAY 7 / PLAY Hold the Line         play a held card (or the drawn card, if it could be held)
  HOLD                                keep the drawn card for later (the default when it may be held)
  REMOVE warriors Maui                a unit taken off by Storm / Warriors Go Home
  RECRUIT musketeers Kona             place a recruit (the space may be left out)
  MOVE 2 warriors Kona - Hilo         move between the two spaces of Hawai'i or of O'ahu
  FLEET Kona - Maui WITH Kamehameha, 2 warriors
                                      a canoe at Kona carries them to Maui ("FLEET canoe Hilo - Kona - Maui ...")
  BATTLES Maui, Oahu-1                the order of the battles (the others follow in map order)
  BUILD FORT <space>, DISMANTLE FORT <space>   fort markers (if the game uses them)
Standing instructions decide for you during the other player's turn; only you and the moderator see them:
  STANDING FIRE <units>               which units fire first
  STANDING LOSSES <units>             which units take eliminations and panics first
  STANDING WARFLEET ALWAYS|NEVER|STRONGER [WITH <units and canoes>]   launch a war fleet against a sighted invasion;
                                      WITH names who may sail (by default never Kamehameha, Kalanikupule, Kaiana)
                                      and which canoes (by default every canoe in the space invaded)
  STANDING RETREAT <spaces>           preferred retreat spaces, in order
  STANDING EARTHWORKS ANY|NONE|<spaces>     use a held Hold the Line when attacked
  STANDING BREAKOFF ON|OFF, STANDING PURSUIT ON|OFF, STANDING MAJOR <units> (options), STANDING DEFAULT (all back to the defaults)
The turn lines and STANDING lines of a message are one submission and replace your earlier one for this
turn, so send all of them together. What you leave out takes the defaults. Example:
  HOLD
  RECRUIT warriors Kona
  FLEET Kona - Oahu-1 WITH Vancouver cannon, pike
  STANDING RETREAT Hilo
  READY
`;

export function helpText(config: Config, purpose: Purpose | null, variant?: string): string {
  const i = config.inbound;
  let s = `Play by email with kahu. Reply to any mail the judge sent you about a game: its Reply-To is your
personal address for that game (orders+...@${i.domain}; the moderator's is moderator+...@${i.domain}).
It only works from the address the judge writes to. One command per line, in any case; lines quoted
from earlier mail (">") and everything after a signature ("-- ") are not read. SIGNOFF ends reading.

Player commands:
  <order>                 an order as in the API, e.g. "A Paris - Burgundy", "B Puna H", "Build A Kona-Kailua".
                          All order lines of a message form one submission that replaces your earlier one.
                          Hawaii 1795: turn lines (PLAY, HOLD, REMOVE, RECRUIT, MOVE, FLEET, BATTLES, BUILD FORT,
                          DISMANTLE FORT) and standing instructions ("STANDING ..."); HELP in a Hawaii 1795 game lists them.
  CLEAR                   clear your orders for this phase (you are then not ready)
  READY / WAIT            mark yourself ready (the phase may be processed early) or take it back
  STATUS                  your position, your current orders, the deadline, who is ready
  HISTORY [phase]         the phases so far; with a number or a name (e.g. "Spring 1 Movement"), its orders and results
  PRESS TO <power|ALL>    a message to other powers (several: "PRESS TO Sunrise, Sunset"); the lines after it,
  ...                     up to END on a line of its own, are the message. Only where the game allows press.
  END
  DRAW / NODRAW           vote for a draw, or withdraw the vote (the game ends in a draw when every
                          surviving power votes for it)
  CONCEDE <power> / NOCONCEDE  concede the game to a power, or withdraw it
  RESIGN <your power>     leave the game for good: your power goes into civil disorder (its units hold,
                          its orders for this phase no longer count) until the moderator finds a new
                          player. RESIGN alone only says how; naming your power confirms it.
  SET NOTIFY EVERY PHASE  every phase's results by mail (the default)
  SET NOTIFY DIGEST       one mail a day (after 07:00 your time) of what happened in each of your games,
                          instead of each phase's results; deadline reminders still come
  SET NOTIFY REMINDERS    deadline reminders only (and the mail of the game's start and end); results on the page
  SET ZONE <time zone>    the time zone your mail gives times in, e.g. SET ZONE Pacific/Honolulu
  SET RECEIPTS ON|OFF     whether orders sent from the web page or the API are also receipted by mail
                          (off by default; the receipt is on the page, and mail is always answered by mail)
  HELP                    this text

Moderator commands (from the moderator's address only):
  PROCESS                 adjudicate the current phase now
  EXTEND <duration>       move the deadline later, e.g. EXTEND 2h, EXTEND 90m, EXTEND 1d
  DEADLINE <time>         set the deadline: 2025-03-04 20:00 (your time zone) or 2025-03-04T20:00Z
  PAUSE / RESUME          pause the game (the deadline moves by the time paused) and resume it
  ROLLBACK <phase>        back to the start of an adjudicated phase (its number in HISTORY, or its name)
  STATUS, HISTORY, HELP   as for players

The judge's own address, ${judgeAddress(i)}, reads REGISTER, LIST, JOIN <game> and HELP (see below).

Every message gets one reply that says how each line was read: accepted, or rejected and why.
Orders get a receipt (SHA-256 of the accepted orders and the time). If an order line is rejected,
the whole submission is refused and your earlier orders stand (the reply names the lines).
A message is read once, however often it is delivered.
Limits: ${Math.round(i.maxBytes / 1024)} KiB per message, ${i.ratePerHour} messages per hour per address.
`;
  s += `\n${judgeHelpText(config)}`;
  if (variant === 'hawaii1795') s += `\n${HAWAII_1795_HELP}`;
  if (variant === 'aloha') s += `\n${ALOHA_HELP}`;
  if (purpose === 'moderator') s += "\nYou wrote to the moderator's address of this game.\n";
  return s;
}

/** The commands of the judge's own address (mail about no game yet). */
export function judgeHelpText(config: Config): string {
  const i = config.inbound;
  return `Commands to the judge's own address, ${judgeAddress(i)} (not to a game's address):
  REGISTER                create an account for the address you write from: the reply holds a link that
                          works once, within an hour, and creates the account when you follow it
  LIST                    the games you may join: your invitations, and games open to anyone
  JOIN <game>             accept an invitation (or join a game open to anyone), by the name LIST shows;
                          replying JOIN to the invitation itself needs no name and no proof from your mail server
  SET ...                 your mail settings: SET NOTIFY EVERY PHASE|DIGEST|REMINDERS, SET RECEIPTS ON|OFF,
                          SET ZONE <time zone>
  HELP                    this text
The judge answers mail to this address only when your mail server proves that you sent it (a DKIM or
DMARC pass for your domain); other mail is read and never answered. Orders, STATUS, PRESS, votes and
RESIGN go to a game's address: the Reply-To of every mail of the game.
`;
}

/** One line that names every player command, for a reply with a line the judge could not read. */
export function commandSummary(purpose: Purpose | null): string {
  return purpose === 'moderator'
    ? "The moderator's commands: PROCESS, EXTEND, DEADLINE, PAUSE, RESUME, ROLLBACK, STATUS, HISTORY, HELP (HELP explains each)."
    : 'The commands: READY, WAIT, CLEAR, STATUS, HISTORY, PRESS TO ... END, DRAW, NODRAW, CONCEDE, NOCONCEDE, RESIGN, HELP\n(HELP explains each); any other line is read as an order.';
}
