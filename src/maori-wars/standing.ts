// The standing instructions, one list (docs/maori-wars.md, "Decisions given to players"): the
// reader's help, the note to the player who waits and the options all come from it. The reader
// (text.ts) reads each form; the web page labels each by its words (src/web/client/games/maori-wars/standing.ts).

export interface StandingForm {
  /** The words after STANDING, as the help shows them. */
  syntax: string;
  /** The complete instructions offered as options (after STANDING). */
  offered: string[];
  /** Also offered once for each hex of the player's Structures, after these words. */
  eachHex?: string;
}

const ALWAYS_NEVER = (word: string) => [`${word} ALWAYS`, `${word} NEVER`];

export const STANDING_FORMS: readonly StandingForm[] = [
  { syntax: 'EVADE ALWAYS|NEVER|WEAKER', offered: [...ALWAYS_NEVER('EVADE'), 'EVADE WEAKER'] },
  { syntax: 'EVADE STAY <n>|DEFAULT', offered: ['EVADE STAY DEFAULT', 'EVADE STAY 1', 'EVADE STAY 2', 'EVADE STAY 3'] },
  { syntax: 'EVADE SPREAD ALWAYS|NEVER', offered: ALWAYS_NEVER('EVADE SPREAD') },
  { syntax: 'COUNTER ALWAYS|NEVER', offered: ALWAYS_NEVER('COUNTER') },
  { syntax: 'ABSORB ALWAYS|NEVER', offered: ALWAYS_NEVER('ABSORB') },
  { syntax: 'LOSSES <kinds>|DEFAULT', offered: ['LOSSES DEFAULT'] },
  { syntax: 'FORT STAY|LEAVE', offered: ['FORT STAY', 'FORT LEAVE'] },
  { syntax: 'BOMBARD ALWAYS|NEVER', offered: ALWAYS_NEVER('BOMBARD') },
  { syntax: 'REINFORCE <kinds>|DEFAULT', offered: ['REINFORCE DEFAULT'] },
  { syntax: 'ARRIVE <hexes>|DEFAULT', offered: ['ARRIVE DEFAULT'] },
  { syntax: 'WOUNDED <leaders>|DEFAULT', offered: ['WOUNDED DEFAULT'] },
  { syntax: 'EXTRA ALWAYS|NEVER|GREATER', offered: [...ALWAYS_NEVER('EXTRA'), 'EXTRA GREATER'] },
  { syntax: 'TARGETS <hexes>|DEFAULT', offered: ['TARGETS DEFAULT'] },
  { syntax: 'PARLEY ALWAYS|NEVER', offered: ALWAYS_NEVER('PARLEY') },
  { syntax: 'RETREAT TOWARD <hex>|DEFAULT', offered: ['RETREAT DEFAULT'], eachHex: 'RETREAT TOWARD' },
  { syntax: 'OVERSTACK <kinds>|DEFAULT', offered: ['OVERSTACK DEFAULT'] },
  { syntax: 'OVERSTACK TOWARD <hex>|DEFAULT', offered: ['OVERSTACK TOWARD DEFAULT'], eachHex: 'OVERSTACK TOWARD' },
  { syntax: 'ATTRITION <hexes>|DEFAULT', offered: ['ATTRITION DEFAULT'], eachHex: 'ATTRITION' },
  { syntax: 'COUNTER AT <hexes>|DEFAULT', offered: ['COUNTER AT DEFAULT'] },
  { syntax: 'PARLEY AT <hexes>|DEFAULT', offered: ['PARLEY AT DEFAULT'] },
  { syntax: 'EXTRA FROM <hexes>|DEFAULT', offered: ['EXTRA FROM DEFAULT'] },
  { syntax: 'EXTRA CHARGE ALWAYS|NEVER', offered: ALWAYS_NEVER('EXTRA CHARGE') },
  { syntax: 'REPLY <hexes>|DEFAULT', offered: ['REPLY DEFAULT'] },
];

/** Every form, as the help and the waiting note list them ("STANDING EVADE ALWAYS|NEVER|WEAKER", …). */
export const STANDING_SYNTAX: readonly string[] = STANDING_FORMS.map((f) => `STANDING ${f.syntax}`);

/** The standing instructions offered to a player whose Structures stand in `hexes` (as people read them). */
export function standingOffered(hexes: readonly string[]): string[] {
  return STANDING_FORMS.flatMap((f) => [...f.offered, ...(f.eachHex ? hexes.map((h) => `${f.eachHex} ${h}`) : [])]).map(
    (t) => `STANDING ${t}`,
  );
}
