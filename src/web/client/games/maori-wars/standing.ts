// Maori Wars: the player's standing instructions, each with a form that sends its STANDING line
// (kept with the phase's other lines).
import { get, put } from '../../api.ts';
import { h, say, showError } from '../../dom.ts';
import { refusedLines } from '../../panels/readings.ts';
import type { MaoriWarsView } from '../../types.ts';

/** What each standing instruction decides (docs/maori-wars.md, "Decisions given to players"), by its word in a STANDING line (the forms: src/maori-wars/standing.ts). */
const MW_STANDING: Record<string, { key: string; label: string; help?: string; default?: string }> = {
  EVADE: { key: 'evade', label: 'Evade when attacked (9.0 step 2; NEVER also stays put on a Night Withdrawal)' },
  'EVADE STAY': {
    key: 'evadeStay',
    label: 'How many units of a stack remain when the others evade (9.0 step 2)',
    help: 'a number: those your LOSSES order takes last remain',
    default: 'DEFAULT (every unit evades)',
  },
  'EVADE SPREAD': { key: 'evadeSpread', label: 'Evading units each go to a hex of their own (9.0 step 2)' },
  COUNTER: { key: 'counter', label: 'Counter-attack when attacked (9.0 step 6)' },
  ABSORB: { key: 'absorb', label: 'Let a Fort or Pa absorb a hit (9.0 step 7)' },
  FORT: { key: 'fortRetreat', label: 'Units in a Fort or Pa told to retreat: stay or leave (9.0)' },
  BOMBARD: { key: 'bombard', label: 'Bombard before your attacks (9.0 step 4)' },
  LOSSES: {
    key: 'losses',
    label: 'Which kinds take hits and disruptions first (9.0)',
    help: 'unit kinds in order, separated by commas, e.g. MILITIA, WARRIOR',
    default: 'DEFAULT (Disrupted units first, then the weakest kinds)',
  },
  REINFORCE: {
    key: 'reinforce',
    label: 'Which unit a reinforcement Battle Dispatch chit brings first (9.0 step 3)',
    help: 'unit kinds in order, separated by commas',
    default: 'DEFAULT (the first such unit in the Reinforcement Box)',
  },
  ARRIVE: {
    key: 'arrive',
    label: "Where a chit's reinforcement arrives first (5.0)",
    help: 'hexes in order, separated by commas',
    default: 'DEFAULT (the first hex by number where it may arrive)',
  },
  WOUNDED: {
    key: 'wounded',
    label: 'Which leader a "Leader Wounded" chit takes first (9.0 step 3)',
    help: 'your leaders in order, separated by commas',
    default: 'DEFAULT (the first by name)',
  },
  EXTRA: { key: 'extra', label: 'Make the combat or Raid elsewhere that a chit gives (9.0 step 3)' },
  TARGETS: {
    key: 'targets',
    label: 'Which hexes that combat or Raid attacks first (9.0 step 3)',
    help: 'hexes in order, separated by commas',
    default: 'DEFAULT (the best odds)',
  },
  PARLEY: { key: 'parley', label: 'Roll for an alliance on a Chiefs Parley chit (8.0)' },
  'COUNTER AT': {
    key: 'counterAt',
    label: 'Which attacking hex your counter-attack goes against, first (9.0 step 6)',
    help: 'hexes in order, separated by commas',
    default: 'DEFAULT (the attacking hex with most units)',
  },
  'PARLEY AT': {
    key: 'parleyAt',
    label: "Which Neutral Village a Chiefs Parley chit's roll is for, first (8.0)",
    help: 'hexes or places in order, separated by commas',
    default: 'DEFAULT (the nearest within 3 hexes)',
  },
  'EXTRA FROM': {
    key: 'extraFrom',
    label: "From which hexes a chit's combat or Raid elsewhere is made (only those; 9.0 step 3)",
    help: 'hexes in order, separated by commas',
    default: 'DEFAULT (every unit able)',
  },
  'EXTRA CHARGE': {
    key: 'extraCharge',
    label: "Your Cavalry charge in a chit's combat elsewhere when they may (9.0 step 5)",
  },
  REPLY: {
    key: 'reply',
    label: 'Which landing hex your raided units reply against, first (10.0)',
    help: 'hexes in order, separated by commas',
    default: 'DEFAULT (the hex with most raiders)',
  },
  RETREAT: {
    key: 'retreat',
    label: 'Where your units go when they retreat, evade or withdraw: toward which hex (9.0)',
  },
  OVERSTACK: {
    key: 'overstack',
    label: "Which kinds of the other side's over-stacked units you move out first (4.0)",
    help: 'unit kinds in order, separated by commas',
    default: 'DEFAULT (the units listed last move first)',
  },
  'OVERSTACK TOWARD': {
    key: 'overstackToward',
    label: "Where you move the other side's over-stacked units: toward which hex (4.0)",
  },
  ATTRITION: {
    key: 'attrition',
    label: 'Where the unit attrition removes or Disrupts is taken first (13.0)',
    help: 'hexes in order, separated by commas',
    default: 'DEFAULT (Disrupted units first, then the first listed)',
  },
};

/** The instructions by the situation they decide in, in the order a player meets them. */
const SITUATIONS: [string, string[]][] = [
  [
    'When the other side attacks you',
    ['EVADE', 'EVADE STAY', 'EVADE SPREAD', 'RETREAT', 'FORT', 'ABSORB', 'COUNTER', 'COUNTER AT'],
  ],
  ['When your units take losses', ['LOSSES']],
  ['When you attack', ['BOMBARD']],
  [
    'When a Battle Dispatch chit is drawn',
    ['REINFORCE', 'ARRIVE', 'WOUNDED', 'EXTRA', 'EXTRA FROM', 'EXTRA CHARGE', 'TARGETS', 'PARLEY', 'PARLEY AT'],
  ],
  ['When your units are raided', ['REPLY']],
  ['When the other side is over-stacked', ['OVERSTACK', 'OVERSTACK TOWARD']],
  ['At attrition', ['ATTRITION']],
];

type Standing = NonNullable<MaoriWarsView['standing']>[string];

export function mwStandingForm(id: string, mine: Standing, offered: string[]): Node {
  const now = new Map<string, unknown>(Object.entries(mine));
  const out = h('div', { 'aria-live': 'polite', class: 'mw-standing-out' });
  const groups = new Map<string, string[]>();
  for (const t of offered) {
    // COUNTER AT, PARLEY AT, EXTRA FROM, EXTRA CHARGE, EVADE STAY, EVADE SPREAD and OVERSTACK TOWARD are instructions of their own, beside COUNTER, PARLEY, EXTRA, EVADE and OVERSTACK (RETREAT TOWARD is RETREAT's).
    const [, word, value] =
      /^STANDING (COUNTER AT|PARLEY AT|EXTRA FROM|EXTRA CHARGE|EVADE STAY|EVADE SPREAD|OVERSTACK TOWARD|\S+) (.+)$/.exec(
        t,
      ) ?? [];
    if (word) groups.set(word, [...(groups.get(word) ?? []), value!]);
  }
  const send = async (word: string, line: string) => {
    out.replaceChildren();
    try {
      // The phase's stored lines stay (those in force); an earlier line for the same instruction gives way to this one.
      const cur = await get('/games/{gameId}/orders', { params: { gameId: id } }).catch(() => null);
      const same = new RegExp(
        `^\\s*standing\\s+${word.replace(' ', '\\s+')}\\b${word.includes(' ') ? '' : `(?!\\s+(at|from|charge|stay|spread${word === 'OVERSTACK' ? '|toward' : ''})\\b)`}`,
        'i',
      );
      const keep = (cur?.lines ?? [])
        .filter((l) => l.ok)
        .map((l) => String(l.text))
        .filter((t) => !same.test(t));
      const r = await put('/games/{gameId}/orders', { params: { gameId: id }, body: { orders: [...keep, line] } });
      out.append(h('p', { class: 'ok' }, `Sent: ${line}. It applies when the current phase is processed.`));
      const text = document.getElementById('orders-text') as HTMLTextAreaElement | null;
      if (text)
        text.value = r.lines
          .filter((l) => l.ok)
          .map((l) => l.text)
          .join('\n');
      say(`Standing instruction sent: ${line}.`);
    } catch (e) {
      const refused = refusedLines(e);
      if (!refused) {
        out.append(showError(e));
        return;
      }
      // Nothing was stored: the instructions in force are unchanged.
      const mineRead = refused.find((l) => l.text === line);
      out.append(
        h(
          'p',
          { class: 'error', role: 'alert' },
          mineRead && !mineRead.ok
            ? `${line}: ${mineRead.error ?? 'not accepted'}`
            : `${line}: not stored, another line of this phase was refused (${refused
                .filter((l) => !l.ok)
                .map((l) => `${l.text}: ${l.error}`)
                .join('; ')})`,
        ),
      );
      say('The standing instruction was not accepted.');
    }
  };
  const rows = new Map<string, Node>();
  for (const [word, values] of groups) {
    const meta = MW_STANDING[word] ?? { key: word.toLowerCase(), label: word };
    const cur = now.get(meta.key);
    const fid = `standing-${word.toLowerCase().replace(' ', '-')}`;
    // A list the player writes (offered only as DEFAULT): a text box; empty sends DEFAULT.
    if (values.length === 1 && values[0] === 'DEFAULT') {
      const input = h('input', { id: fid, name: fid, placeholder: 'DEFAULT', 'aria-describedby': `${fid}-help` });
      input.value = cur ? String(cur).toUpperCase() : '';
      rows.set(
        word,
        h(
          'form',
          {
            class: 'mw-standing-row',
            onsubmit: (e: Event) => {
              e.preventDefault();
              void send(word, `STANDING ${word} ${input.value.trim() || 'DEFAULT'}`);
            },
          },
          h('label', { for: fid }, meta.label),
          h(
            'div',
            { class: 'row' },
            input,
            h('button', { type: 'submit', class: 'secondary', 'aria-label': `Set: ${meta.label}` }, 'Set'),
          ),
          h(
            'p',
            { id: `${fid}-help`, class: 'muted' },
            `Now: ${cur ? String(cur).toUpperCase() : (meta.default ?? 'DEFAULT')}. ${meta.help ? `${meta.help[0]!.toUpperCase()}${meta.help.slice(1)}` : 'In order, separated by commas'}; empty for DEFAULT.`,
          ),
        ),
      );
      continue;
    }
    const sel = h('select', { id: fid, name: fid }, ...values.map((x) => h('option', { value: x }, x)));
    if (cur && values.includes(String(cur).toUpperCase())) sel.value = String(cur).toUpperCase();
    rows.set(
      word,
      h(
        'form',
        {
          class: 'mw-standing-row',
          onsubmit: (e: Event) => {
            e.preventDefault();
            void send(word, `STANDING ${word} ${sel.value}`);
          },
        },
        h('label', { for: fid }, meta.label),
        h(
          'div',
          { class: 'row' },
          sel,
          h('button', { type: 'submit', class: 'secondary', 'aria-label': `Set: ${meta.label}` }, 'Set'),
        ),
        h('p', { class: 'muted' }, `Now: ${cur ? String(cur).toUpperCase() : '—'}.`),
      ),
    );
  }
  // Grouped by the situation each decides in; any the list does not know, last.
  const known = new Set(SITUATIONS.flatMap(([, words]) => words));
  const sections = [
    ...SITUATIONS,
    ['Other instructions', [...rows.keys()].filter((w) => !known.has(w))] as [string, string[]],
  ]
    .map(([title, words]) => [title, words.filter((w) => rows.has(w))] as const)
    .filter(([, words]) => words.length)
    .map(([title, words]) =>
      h('section', { class: 'mw-situation' }, h('h4', {}, title), ...words.map((w) => rows.get(w)!)),
    );
  // A drawer, closed: the orders of the phase come first on the page.
  return h(
    'details',
    { class: 'mw-standing', id: 'mw-standing' },
    h('summary', { id: 'mw-standing-title' }, 'Your standing instructions'),
    h(
      'p',
      { class: 'muted' },
      "They decide for you when something happens in the other side's turn or in a combat. Each is yours alone; changes apply when the current phase is processed.",
    ),
    ...sections,
    out,
  );
}
