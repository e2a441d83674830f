import { h } from '../dom.ts';

const RULES: Record<string, string[]> = {
  aloha: [
    'Aloha, the Spirit of Hawaii: manage Pure Hawaiian, Aloha and Commerce resources across the five islands, from the first migration to the election of the Governor.',
    'One decision at a time, in turn order: when it is your turn, pick your action from the list (or write it: migrate 5 Kauai Oahu, take Molokai, event 3). The others wait.',
    'Battles for the King are fought with dice from the game’s committed seed; the most points at the end of the Epilogue wins.',
  ],
  heiau: [
    'Heiau Diplomacy: Diplomacy on the Hawaiian islands. Armies (A) march on land, boat bunches (B) sail along coasts and carry one army, European fleets (F) sail the oceans.',
    'Orders are sealed and revealed together at the deadline: hold, move (-), support (S), convoy (C); = B turns an army into a boat bunch, = C back.',
    'Heiaus are the supply centres: whoever holds nine wins. The Haole powers know nothing of the natives’ setup until after the first Spring orders.',
  ],
  'maori-wars': [
    'Maori Wars: the Maori against the British in New Zealand, on a hex map of the North Island. Each Game Turn is a Maori Player Turn, then a British one, of eight phases each.',
    "The player whose turn it is sends each phase's actions (one a line, read in order); the other waits. Either may change their standing instructions at any time: they decide what happens when you are attacked.",
    "One Victory Point marker leans towards the side ahead: 9 VP wins at once, and so does wiping out the enemy's Villages and Pa (British) or Settlements (Maori). Dice come from the game's committed seed.",
  ],
  standard: ['Standard Diplomacy: seven powers, sealed orders revealed at the deadline; 18 supply centres win.'],
  hawaii1795: [
    'Hawaii 1795: Kamehameha against the allied chiefs, a card-driven wargame. Each turn you play a card: its fleet moves carry your canoes, its event may change the war.',
    'Battles are fought with dice from the game’s committed seed; the fog of war hides what your forces cannot see.',
  ],
};

export function rulesSummary(variant: string): Node {
  return h(
    'details',
    { class: 'rules' },
    h('summary', {}, 'Rules in brief'),
    ...(RULES[variant] ?? ['See the rulebook.']).map((t) => h('p', {}, t)),
  );
}
