// Reading Aloha actions as players write them, by email, HTTP or the web page:
//   settle Kauai · migrate 5 Kauai Oahu (or: migrate 5 from Kauai to Oahu) · warrior [Hawaii]
//   take Molokai (or: take aloha Molokai) · event 3 [Maui] · king Maui (queen Maui)
//   convert 2 ph aloha [Kauai] · convert 3 aloha homerule · pass
import { ISLANDS, type Island } from './data.ts';
import type { Action, ConvertStep } from './actions/types.ts';

const ISLAND_WORDS: Record<string, Island> = {
  kauai: 'Kauai',
  oahu: 'Oahu',
  molokai: 'Molokai',
  maui: 'Maui',
  hawaii: 'Hawaii',
  'big island': 'Hawaii',
  bigisland: 'Hawaii',
};
const RESOURCE_WORDS: Record<string, 'ph' | 'aloha' | 'commerce' | 'homeRule' | 'warriors'> = {
  ph: 'ph',
  'pure hawaiian': 'ph',
  purehawaiian: 'ph',
  hawaiian: 'ph',
  aloha: 'aloha',
  commerce: 'commerce',
  homerule: 'homeRule',
  'home rule': 'homeRule',
  vote: 'homeRule',
  votes: 'homeRule',
  warrior: 'warriors',
  warriors: 'warriors',
};
const ISLAND_RESOURCE: Record<Island, string[]> = {
  Kauai: ['ph'],
  Oahu: ['commerce'],
  Molokai: ['aloha'],
  Maui: ['aloha'],
  Hawaii: ['warriors', 'homeRule'],
};

export class ReadError extends Error {}

function norm(text: string): string {
  return text
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .replace(/[ʻ'’`]/g, '')
    .replace(/[.,;:!]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function island(word: string | undefined): Island {
  if (!word) throw new ReadError(`an island is missing (${ISLANDS.join(', ')})`);
  const i = ISLAND_WORDS[word];
  if (!i) throw new ReadError(`"${word}" is not an island: write ${ISLANDS.join(', ')}`);
  return i;
}

function count(word: string | undefined): number {
  if (!word || !/^\d{1,3}$/.test(word)) throw new ReadError(`a number is missing${word ? ` (not "${word}")` : ''}`);
  return Number(word);
}

/** Join two-word names ("big island", "home rule", "pure hawaiian") so that each is one word. */
function words(text: string): string[] {
  return norm(text)
    .replace(/\bbig island\b/g, 'bigisland')
    .replace(/\bhome rule\b/g, 'homerule')
    .replace(/\bpure hawaiian\b/g, 'purehawaiian')
    .split(' ')
    .filter(
      (w) =>
        w &&
        ![
          'from',
          'to',
          'on',
          'at',
          'the',
          'a',
          'an',
          'tokens',
          'token',
          'resource',
          'resources',
          'into',
          'card',
          'of',
        ].includes(w),
    );
}

/** One line as an action; throws ReadError with the reason. */
export function readAction(text: string): Action {
  const w = words(text);
  const [verb, ...rest] = w;
  switch (verb) {
    case 'settle':
    case 'migration':
      return { kind: 'settle', island: island(rest[0]) };
    case 'migrate':
    case 'move': {
      const n = count(rest[0]);
      return { kind: 'migrate', count: n, from: island(rest[1]), to: island(rest[2]) };
    }
    case 'warrior':
    case 'warriors':
      return rest[0] ? { kind: 'warrior', island: island(rest[0]) } : { kind: 'warrior' };
    case 'take': {
      if (rest.length === 1 && (rest[0] === 'warrior' || rest[0] === 'warriors')) return { kind: 'warrior' };
      let r: string | undefined;
      if (rest.length === 2) {
        r = RESOURCE_WORDS[rest[0]!];
        if (!r)
          throw new ReadError(
            `"${rest[0]}" is not a resource: write Pure Hawaiian, Aloha, Commerce, Warrior or Home Rule`,
          );
        if (r === 'warriors' && rest[1] !== 'hawaii') return { kind: 'warrior', island: island(rest[1]) };
      }
      const i = island(rest[rest.length - 1]);
      if (r && !ISLAND_RESOURCE[i].includes(r))
        throw new ReadError(`${i} gives ${ISLAND_RESOURCE[i].map((x) => x).join(' or ')}, not ${rest[0]}`);
      return { kind: 'take', island: i };
    }
    case 'event':
    case 'play':
    case 'calamity': {
      const n = count(rest[0]);
      if (n < 1 || n > 4) throw new ReadError(`Event cards are numbered 1 to 4 as they lie face up, not ${n}`);
      return rest[1] ? { kind: 'event', card: n, island: island(rest[1]) } : { kind: 'event', card: n };
    }
    case 'king':
    case 'queen':
      return { kind: 'king', island: island(rest[0]) };
    case 'pass':
    case 'nothing':
      return { kind: 'pass' };
    case undefined:
      throw new ReadError('empty line');
    default:
      throw new ReadError(
        `"${verb}" is not an action: write settle, migrate, warrior, take, event, king, convert or pass`,
      );
  }
}

/** One conversion line: convert N <from> <to> [island]. */
export function readConvert(text: string): ConvertStep {
  const w = words(text);
  if (w[0] !== 'convert')
    throw new ReadError('a conversion reads: convert 2 ph aloha Kauai, or convert 3 aloha homerule');
  const n = count(w[1]);
  const from = RESOURCE_WORDS[w[2] ?? ''];
  const to = RESOURCE_WORDS[w[3] ?? ''];
  if (!from || from === 'homeRule' || from === 'warriors')
    throw new ReadError(`convert from Pure Hawaiian, Aloha or Commerce${w[2] ? `, not "${w[2]}"` : ''}`);
  if (!to || to === 'ph' || to === 'warriors')
    throw new ReadError(`convert to Aloha, Commerce or Home Rule${w[3] ? `, not "${w[3]}"` : ''}`);
  const step: ConvertStep = { count: n, from, to };
  if (w[4]) step.island = island(w[4]);
  return step;
}
