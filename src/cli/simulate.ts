// `npm run -s simulate -- --game hawaii1795 --games N --seed S [--scenario long|short] [--options a,b]`
// Plays N full games between two random players that make legal choices only, through the
// GameModule (readSubmission, resolve), checking every state. Prints the results and a hash of
// all final states: the same seed gives the same hash.
import { createHash } from 'node:crypto';
import { hawaii1795, hawaii1795CheckState } from '../games/hawaii1795.ts';
import { type HodState, playerRandom, randomStanding, randomTurn } from '../hand-of-destiny/index.ts';
import { randomInt } from '../hand-of-destiny/random.ts';

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
    if (k === '--game') (a.game = v!), i++;
    else if (k === '--games') (a.games = Number(v)), i++;
    else if (k === '--seed') (a.seed = v!), i++;
    else if (k === '--scenario') (a.scenario = v!), i++;
    else if (k === '--options') {
      for (const o of (v ?? '').split(',').filter(Boolean)) a.options[o] = true;
      i++;
    } else if (k === '--verbose') a.verbose = true;
    else throw new Error(`unknown argument '${k}'`);
  }
  if (!Number.isInteger(a.games) || a.games < 1) throw new Error('--games must be a positive integer');
  return a;
}

function main(): void {
  const args = parseArgs(process.argv.slice(2));
  if (args.game !== 'hawaii1795') throw new Error(`simulate knows only --game hawaii1795, not '${args.game}'`);
  const m = hawaii1795;
  const wins: Record<string, number> = { kamehameha: 0, 'allied-chiefs': 0 };
  let ties = 0;
  let months = 0;
  let playerTurns = 0;
  const problems: string[] = [];
  const hash = createHash('sha256');
  const t0 = performance.now();
  for (let n = 0; n < args.games; n++) {
    const seed = `${args.seed}:${n}`;
    const rng = playerRandom(seed);
    let state: HodState = m.setup(seed, args.scenario, args.options);
    let steps = 0;
    const fail = (what: string) => problems.push(`game ${n} (seed ${seed}), ${m.phase(state).label}: ${what}`);
    while (!m.outcome(state)) {
      if (++steps > 100) {
        fail('dead end: the game does not finish');
        break;
      }
      const roles = m.expectedRoles(state);
      if (roles.length !== 1) {
        fail(`dead end: expected roles ${JSON.stringify(roles)}`);
        break;
      }
      const side = roles[0]!;
      const play = randomTurn(state, rng);
      for (const r of play.rejected) fail(`random player's legal line refused: ${r.text}: ${r.error}`);
      const read = m.readSubmission(state, side, play.lines);
      for (const l of read.lines) if (!l.ok) fail(`line refused on reading: ${l.text}: ${l.error}`);
      const subs: Record<string, unknown> = { [side]: read.accepted };
      const other = side === 'kamehameha' ? 'allied-chiefs' : 'kamehameha';
      if (randomInt(rng, 10) === 0) subs[other] = m.readSubmission(state, other, [randomStanding(rng, state, other)]).accepted;
      const before = JSON.stringify(state);
      const res = m.resolve(state, subs);
      if (JSON.stringify(state) !== before) fail('resolve changed its input state');
      state = res.state;
      for (const p of hawaii1795CheckState(state)) fail(`illegal state: ${p}`);
      if (args.verbose) console.log(m.formatReport(res.report, { kind: 'moderator' }));
    }
    const o = m.outcome(state);
    if (o?.kind === 'victory') wins[o.winners[0]!] = (wins[o.winners[0]!] ?? 0) + 1;
    else ties++;
    months += state.turn;
    playerTurns += state.playerTurns;
    hash.update(JSON.stringify(state));
    hash.update('\n');
  }
  const secs = (performance.now() - t0) / 1000;
  console.log(`game: ${args.game} (${args.scenario})`);
  console.log(`games: ${args.games}`);
  console.log(`Kamehameha wins: ${wins.kamehameha}`);
  console.log(`Allied Chiefs wins: ${wins['allied-chiefs']}`);
  console.log(`ties: ${ties}`);
  console.log(`average turns: ${(months / args.games).toFixed(2)} (months; player turns ${(playerTurns / args.games).toFixed(2)})`);
  console.log(`problems: ${problems.length}`);
  for (const p of problems.slice(0, 20)) console.log(`  ${p}`);
  console.log(`final-state hash: ${hash.digest('hex')}`);
  console.log(`games per second: ${(args.games / secs).toFixed(1)}`);
  if (problems.length) process.exitCode = 1;
}

main();
