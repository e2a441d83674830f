// The HELP reply: every command a player (or the moderator) can write by email.
import type { Config } from '../config.ts';
import type { Purpose } from './reply-address.ts';

export function helpText(config: Config, purpose: Purpose | null): string {
  const i = config.inbound;
  let s = `Play by email with kahu. Reply to any mail the judge sent you about a game: its Reply-To is your
personal address for that game (orders+...@${i.domain}; the moderator's is moderator+...@${i.domain}).
It only works from the address the judge writes to. One command per line, in any case; lines quoted
from earlier mail (">") and everything after a signature ("-- ") are not read. SIGNOFF ends reading.

Player commands:
  <order>                 an order as in the API, e.g. "A Paris - Burgundy", "B Puna H", "Build A Kona-Kailua".
                          All order lines of a message form one submission that replaces your earlier one.
                          Hawaii 1795: turn lines (PLAY, HOLD, REMOVE, RECRUIT, MOVE, FLEET, BATTLE, BUILD FORT,
                          DISMANTLE FORT) and standing instructions ("STANDING ...") as in docs/hawaii-1795.md.
  CLEAR                   clear your orders for this phase (you are then not ready)
  READY / WAIT            mark yourself ready (the phase may be processed early) or take it back
  STATUS                  your position, your current orders, the deadline, who is ready
  HISTORY [phase]         the phases so far; with a number or a name (e.g. "Spring 1 Movement"), its orders and results
  PRESS TO <power|ALL>    a message to other powers (several: "PRESS TO Sunrise, Sunset"); the lines after it,
  ...                     up to END on a line of its own, are the message. Only where the game allows press.
  END
  HELP                    this text

Moderator commands (from the moderator's address only):
  PROCESS                 adjudicate the current phase now
  EXTEND <duration>       move the deadline later, e.g. EXTEND 2h, EXTEND 90m, EXTEND 1d
  DEADLINE <time>         set the deadline: 2025-03-04 20:00 (your time zone) or 2025-03-04T20:00Z
  PAUSE / RESUME          pause the game (the deadline moves by the time paused) and resume it
  ROLLBACK <phase>        back to the start of an adjudicated phase (its number in HISTORY, or its name)
  STATUS, HISTORY, HELP   as for players

Every message gets one reply that says how each line was read: accepted, or rejected and why.
Orders get a receipt (SHA-256 of the accepted orders and the time). If an order line is rejected,
the whole submission is refused and your earlier orders stand, unless the moderator lets the game
keep partial orders (the reply says which). A message is read once, however often it is delivered.
Limits: ${Math.round(i.maxBytes / 1024)} KiB per message, ${i.ratePerHour} messages per hour per address.
`;
  if (purpose === 'moderator') s += '\nYou wrote to the moderator\'s address of this game.\n';
  return s;
}
