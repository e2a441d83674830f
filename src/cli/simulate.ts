// `npm run -s simulate -- --game hawaii1795 --games N --seed S [--scenario long|short] [--options a,no-b] [--verbose]`
// Plays N full games between two random players that make legal choices only, through the
// GameModule (readSubmission, resolve), checking every state. Prints the results and a hash of
// all final states: the same seed gives the same hash.
import { hawaii1795 } from '../games/hawaii1795.ts';
import { simulate } from '../hand-of-destiny/simulation.ts';
import { aloha } from '../games/aloha.ts';
import { simulateAloha } from '../aloha/simulation.ts';
import { maoriWars } from '../games/maori-wars.ts';
import { simulateMaoriWars } from '../maori-wars/simulation.ts';

const USAGE = `npm run -s simulate -- [hawaii1795|aloha|maori-wars] [--games N] [--seed S] [--scenario ID] [--options a,no-b] [--verbose]
  hawaii1795 (default) or aloha; --games 100, --seed kahu, --scenario long (Hawaii 1795) by default.
  --options switches game options on by name, or off with no- (e.g. --options pursuit,no-fogOfWar).
Plays random legal games, checks every state, and prints the results with a hash of all final states.`;

interface Args {
  game: string;
  games: number;
  seed: string;
  scenario: string;
  options: Record<string, boolean>;
  verbose: boolean;
}

function parseArgs(argv: string[]): Args {
  const a: Args = { game: 'hawaii1795', games: 100, seed: 'kahu', scenario: 'long', options: {}, verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i]!;
    const v = argv[i + 1];
    if (k === '--help' || k === '-h') {
      process.stdout.write(USAGE + '\n');
      process.exit(0);
    } else if (i === 0 && !k.startsWith('--')) a.game = k;
    else if (k === '--game') (a.game = v!), i++;
    else if (k === '--games') (a.games = Number(v)), i++;
    else if (k === '--seed') (a.seed = v!), i++;
    else if (k === '--scenario') (a.scenario = v!), i++;
    else if (k === '--options') {
      for (const o of (v ?? '').split(',').filter(Boolean)) a.options[o.replace(/^no-/, '')] = !o.startsWith('no-');
      i++;
    } else if (k === '--verbose') a.verbose = true;
    else throw new Error(`unknown argument '${k}'\n${USAGE}`);
  }
  if (!Number.isInteger(a.games) || a.games < 1) throw new Error('--games must be a positive integer');
  return a;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  if (args.game === 'aloha') {
    const r = simulateAloha(aloha, { games: args.games, seed: args.seed });
    console.log(`game: aloha (2, 3 and 4 players in turn)`);
    console.log(
      `games: ${r.games} (${Object.entries(r.byPlayers)
        .map(([n, c]) => `${c} with ${n} players`)
        .join(', ')})`,
    );
    console.log(
      `wins: ${Object.entries(r.wins)
        .map(([w, c]) => `${w} ${c}`)
        .join(', ')}; ties: ${r.ties}`,
    );
    console.log(`decisions: ${r.decisions} (${(r.decisions / r.games).toFixed(1)} a game)`);
    console.log(
      `queued actions: ${r.queues.played} played, ${r.queues.notApplied} no longer legal, ${r.queues.dropped} queues dropped`,
    );
    printEnd(r);
    return;
  }
  if (args.game === 'maori-wars') {
    const r = simulateMaoriWars(maoriWars, undefined, { games: args.games, seed: args.seed });
    console.log(`game: maori-wars (Hōne Heke's Challenge, shipped unofficial map and tables)`);
    console.log(
      `games: ${r.games}; wins: ${
        Object.entries(r.wins)
          .map(([w, c]) => `${w} ${c}`)
          .join(', ') || 'none'
      }; draws: ${r.draws}`,
    );
    console.log(`decisions: ${r.decisions} (${(r.decisions / r.games).toFixed(1)} a game)`);
    printEnd(r);
    return;
  }
  if (args.game !== 'hawaii1795')
    throw new Error(`simulate knows --game hawaii1795, aloha and maori-wars, not '${args.game}'`);
  const r = simulate(hawaii1795, {
    games: args.games,
    seed: args.seed,
    scenario: args.scenario,
    options: args.options,
    onReport: args.verbose ? (t) => console.log(t) : undefined,
  });
  console.log(
    `game: ${args.game} (${args.scenario}${Object.keys(args.options).length ? `; options ${Object.keys(args.options).join(',')}` : ''})`,
  );
  console.log(`games: ${r.games}`);
  console.log(`Kamehameha wins: ${r.wins.kamehameha ?? 0}`);
  console.log(`Allied Chiefs wins: ${r.wins['allied-chiefs'] ?? 0}`);
  console.log(`ties: ${r.ties}`);
  console.log(`average turns: ${r.averageTurns.toFixed(2)} (months; ${r.averagePlayerTurns.toFixed(2)} player turns)`);
  printEnd(r);
}

main();

/** The lines every simulator's run ends with; a problem makes the exit code 1. */
function printEnd(r: { problems: string[]; hash: string; games: number; seconds: number }): void {
  console.log(`problems: ${r.problems.length}`);
  for (const p of r.problems.slice(0, 20)) console.log(`  ${p}`);
  console.log(`final-state hash: ${r.hash}`);
  console.log(`games per second: ${(r.games / r.seconds).toFixed(1)}`);
  if (r.problems.length) process.exitCode = 1;
}
