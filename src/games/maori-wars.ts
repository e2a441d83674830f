// Maori Wars as a GameModule: each phase of a player turn (2.0) in which the phasing player has
// something to decide is a phase of the game, for that player alone; the others pass by
// themselves. The non-phasing player's mid-turn decisions are standing instructions (STANDING
// EVADE/COUNTER/ABSORB), which either player may send at any time. Nothing is hidden but the BD
// cup's order, the seed and each player's standing instructions (docs/maori-wars.md).
// Registered in src/games/index.ts: offered to moderators with its one scenario.
import type { GameModule, ReadLine, Viewer } from '../contract/types.ts';
import {
  advance,
  apply,
  describe,
  legalActions,
  problemOf,
  resolveTurn,
  type Action,
  type MWReport,
  type MWSubmission,
} from '../maori-wars/engine.ts';
import { hexWord } from '../maori-wars/rules/words.ts';
import { DataError } from '../contract/data-error.ts';
import { loadData, setupGame } from '../maori-wars/setup.ts';
import { shippedEngineData } from '../maori-wars/state.ts';
import {
  dataOf,
  isHex,
  linesFor,
  unit,
  LOSS_KINDS,
  standingOf,
  PHASE_NAMES,
  placeName,
  SIDES,
  structureName,
  territoryName,
  unitName,
  vpText,
  type MWState,
  type Side,
  type Standing,
} from '../maori-wars/state.ts';
import { readLine, ReadError } from '../maori-wars/text.ts';
import { STANDING_SYNTAX, standingOffered } from '../maori-wars/standing.ts';
import {
  applySetup,
  describeSetup,
  firstSetupSide,
  readSetupLine,
  resolveSetup,
  setupOptions,
  setupProblem,
} from '../maori-wars/setup-choice.ts';

const SCENARIOS = [
  {
    id: 'hone-hekes-challenge',
    name: "Hōne Heke's Challenge (the Flagstaff War, 1845–1846)",
    roles: ['Maori', 'British'],
  },
];

/** The `data` option read; its faults named from the game's options (data.map.drawing.coast.0). */
function loadDataOption(data: unknown) {
  try {
    return loadData(data as never);
  } catch (e) {
    throw e instanceof DataError ? e.under(['data']) : e;
  }
}

/** A new game: on the shipped data unless `data` (a moderator's or a test's map, tables and scenario) is given. */
export function setupMaoriWars(seed: string, data?: unknown): MWState {
  const s = data === undefined ? setupGame(seed, shippedEngineData(), false) : setupGame(seed, loadDataOption(data));
  // "Within X hexes" set-ups are their owners' choice: a set-up decision phase before the first Game Turn.
  const first = firstSetupSide(s);
  if (first) {
    s.setupSide = first;
    s.side = first;
    s.prelude = [...s.setupNotes];
    return s;
  }
  const lines: string[] = [];
  advance(s, lines, true);
  s.prelude = [...s.setupNotes, ...lines];
  return s;
}

function readFor(s: MWState, role: string, lines: string[]): { lines: ReadLine[]; actions: Action[] } {
  const scratch: MWState = structuredClone(s);
  const out: ReadLine[] = [];
  const actions: Action[] = [];
  const texts = lines.map((t, i) => ({ line: i + 1, text: t })).filter((x) => x.text.trim());
  // 10.0: the Bush Raider Box limits hold "at the end of the phase": units entering it are read after the lines that
  // take units out of it (as resolveTurn plays them), whatever the order they were written in.
  if (s.phase === 'bushRaider' && !s.setupSide)
    texts.sort((a, b) => Number(/^\s*raider\b/i.test(a.text)) - Number(/^\s*raider\b/i.test(b.text)));
  for (const x of texts) {
    if (!SIDES.includes(role as Side)) {
      out.push({ ...x, ok: false, error: `${role} is not a side of this game` });
      continue;
    }
    try {
      if (s.setupSide) {
        // Set-up: SETUP lines, standing instructions and PASS only.
        const a = /^(standing|pass)\b/i.test(x.text.trim()) ? null : readSetupLine(scratch, role as Side, x.text);
        if (!a && !/^(standing|pass)\b/i.test(x.text.trim()))
          throw new ReadError('during the set-up: SETUP <place> AT <hex>, STANDING … or PASS');
        if (a) {
          const p = setupProblem(scratch, role as Side, a);
          if (p) {
            out.push({ ...x, ok: false, error: p });
            continue;
          }
          const reading = describeSetup(scratch, a);
          applySetup(scratch, a, []);
          actions.push(a as unknown as Action);
          out.push({ ...x, ok: true, reading });
          continue;
        }
      }
      const read = readLine(scratch, role as Side, x.text);
      const readings: string[] = [];
      let bad: string | null = null;
      for (const a of read) {
        const p = problemOf(scratch, role, a);
        if (p) {
          bad = p;
          break;
        }
        readings.push(describe(scratch, a));
        // Play it on the scratch state so that the next line is read after it; attacks and
        // negotiations only use up their units (their dice are rolled when the phase is resolved).
        if (a.kind === 'attack')
          for (const u of scratch.units.filter((y) => y.owner === role && a.from.includes(y.at) && !y.disrupted))
            scratch.attacked.push(u.id);
        else if (a.kind === 'negotiate') scratch.negotiated.push(a.leader, a.hex);
        else apply(scratch, role as Side, a, []);
      }
      if (bad) {
        out.push({ ...x, ok: false, error: bad });
        continue;
      }
      actions.push(...read);
      out.push({ ...x, ok: true, reading: readings.join('; ') });
    } catch (e) {
      out.push({ ...x, ok: false, error: e instanceof ReadError ? e.message : String(e) });
    }
  }
  out.sort((a, b) => a.line - b.line);
  return { lines: out, actions };
}

function label(s: MWState): string {
  return s.result ? 'Game over' : `Turn ${s.turn}, ${s.side} ${phaseName(s)}`;
}
const phaseName = (s: MWState) => (s.setupSide ? 'Set-up' : PHASE_NAMES[s.phase]);

/** The view a reader gets (the web client reads it: `import type` only), with their own standing instructions. */
export type MaoriWarsView = ReturnType<typeof publicView> & { standing?: Record<string, Required<Standing>> };

function publicView(s: MWState) {
  return {
    turn: s.turn,
    lastTurn: dataOf(s).scenario.turns,
    side: s.side,
    phase: phaseName(s),
    victoryPoints: { marker: s.vp, text: vpText(s.vp) },
    // What decides victory (1.0), from the tables: the page shows it beside the VP track.
    // The wipe-out conditions count only where there was something to wipe out at the start (engine.ts checkVictory).
    victory: {
      ...dataOf(s).tables.victory,
      villagesAndPaCount: s.hadMaoriVillages,
      settlementsCount: s.hadSettlements,
    },
    units: s.units
      .filter((u) => u.at !== 'gone')
      .map((u) => ({
        name: unitName(s, u),
        kind: u.kind,
        side: u.owner,
        ...(u.name ? { leader: u.name } : {}),
        hex: isHex(u.at) ? u.at : null,
        territory: u.at.startsWith('bush:') ? territoryName(s, u.at.slice(5)) : null,
        reinforcementBox: u.at === 'box',
        disrupted: u.disrupted,
      })),
    structures: s.structures.map((x) => ({
      name: structureName(s, x),
      kind: x.kind,
      side: x.owner,
      queenite: !!x.queenite,
      hex: x.hex,
      disrupted: x.disrupted,
    })),
    bdCup: { chits: s.cup.length, played: s.played.slice() },
    result: s.result,
    unofficial: {
      map: dataOf(s).map.unofficial,
      tables: dataOf(s).tables.unofficial,
      scenario: dataOf(s).scenario.unofficial,
      terrain: dataOf(s).terrain.unofficial,
    },
  };
}

export const maoriWars: GameModule<MWState> = {
  id: 'maori-wars',
  name: 'Maori Wars',
  scenarios: SCENARIOS,
  setup(seed, scenario, options) {
    if (!SCENARIOS.some((x) => x.id === scenario))
      throw new Error(`unknown scenario '${scenario}' (Maori Wars has 'hone-hekes-challenge')`);
    return setupMaoriWars(seed, options?.data);
  },
  phase(s) {
    return {
      key: `${String(s.seq).padStart(4, '0')}-T${s.turn}-${s.side}-${s.setupSide ? 'setup' : s.phase}`,
      label: label(s),
      type: 'turn',
      year: s.turn,
    };
  },
  expectedRoles(s) {
    return s.result ? [] : [s.side];
  },
  readSubmission(s, role, lines) {
    if (s.result)
      return {
        lines: lines
          .map((t, i) => ({ line: i + 1, text: t }))
          .filter((x) => x.text.trim())
          .map((x) => ({ ...x, ok: false, error: 'the game is over' })),
        accepted: null,
      };
    const r = readFor(s, role, lines);
    return { lines: r.lines, accepted: { actions: r.actions } satisfies MWSubmission };
  },
  resolve(s, submissions) {
    return s.setupSide ? resolveSetup(s, submissions as never) : resolveTurn(s, submissions);
  },
  view(s, viewer: Viewer) {
    const v = publicView(s);
    const own =
      viewer.kind === 'moderator'
        ? { Maori: standingOf(s, 'Maori'), British: standingOf(s, 'British') }
        : viewer.kind === 'player' && SIDES.includes(viewer.role as Side)
          ? { [viewer.role]: standingOf(s, viewer.role as Side) }
          : null;
    return own ? { ...v, standing: own } : v;
  },
  formatReport(report, viewer) {
    const r = report as MWReport;
    // Which standing instruction decided is its author's and the moderator's; what happened is everyone's.
    const reader =
      viewer.kind === 'moderator'
        ? 'moderator'
        : viewer.kind === 'player' && SIDES.includes(viewer.role as Side)
          ? (viewer.role as Side)
          : null;
    return [`Turn ${r.turn}, ${r.side} ${r.phase}:`, ...linesFor(r.lines, reader)].join('\n');
  },
  formatPosition(s, viewer) {
    const lines = [`${label(s)}. Victory Points: ${vpText(s.vp)}. Game Turn ${s.turn} of ${dataOf(s).scenario.turns}.`];
    for (const side of [...SIDES, 'Neutral'] as const) {
      const here = s.units.filter((u) => u.owner === side && u.at !== 'gone');
      const structs = s.structures.filter((x) => x.owner === side);
      if (!here.length && !structs.length) continue;
      lines.push(`${side}:`);
      for (const x of structs) lines.push(`  ${structureName(s, x)}`);
      for (const u of here) lines.push(`  ${unitName(s, u)}`);
    }
    if (s.result) lines.push(s.result.text + '.');
    if (viewer.kind === 'player' && SIDES.includes(viewer.role as Side)) {
      const st = standingOf(s, viewer.role as Side);
      // A standing list of hexes as people read it, or the default when empty.
      const places = (hexes: string, dflt: string) =>
        hexes
          ? hexes
              .split(',')
              .map((h) => placeName(s, h))
              .join(', ')
          : dflt;
      lines.push(
        `Your standing instructions: EVADE ${st.evade.toUpperCase()}, EVADE STAY ${st.evadeStay || 'DEFAULT (every unit evades)'}, EVADE SPREAD ${st.evadeSpread.toUpperCase()}, COUNTER ${st.counter.toUpperCase()}, ABSORB ${st.absorb.toUpperCase()}, LOSSES ${st.losses ? st.losses.toUpperCase() : `DEFAULT (Disrupted units first, then ${LOSS_KINDS.join(', ')})`}, FORT ${st.fortRetreat.toUpperCase()}, BOMBARD ${st.bombard.toUpperCase()}, ` +
          `REINFORCE ${st.reinforce ? st.reinforce.toUpperCase() : 'DEFAULT (the first such unit in the Reinforcement Box)'}, ARRIVE ${st.arrive ? st.arrive.toUpperCase() : 'DEFAULT (the first hex by number)'}, ` +
          `WOUNDED ${st.wounded ? st.wounded.toUpperCase() : 'DEFAULT (the first by name)'}, EXTRA ${st.extra.toUpperCase()}, TARGETS ${st.targets ? st.targets.toUpperCase() : 'DEFAULT (the best odds)'}, PARLEY ${st.parley.toUpperCase()}, ` +
          `RETREAT ${st.retreat ? `TOWARD ${placeName(s, st.retreat)}` : 'DEFAULT (within stacking, away from enemy units, in N, NE… order)'}, OVERSTACK ${st.overstack ? st.overstack.toUpperCase() : 'DEFAULT (the units listed last first)'} TOWARD ${st.overstackToward ? placeName(s, st.overstackToward) : 'DEFAULT (the first legal hex in N, NE… order)'}, ATTRITION ${places(st.attrition, 'DEFAULT (Disrupted units first, then the first listed)')}, COUNTER AT ${places(st.counterAt, 'DEFAULT (the attacking hex with most units)')}, PARLEY AT ${places(st.parleyAt, 'DEFAULT (the nearest Neutral Village)')}, EXTRA FROM ${places(st.extraFrom, 'DEFAULT (every unit able)')}, EXTRA CHARGE ${st.extraCharge.toUpperCase()}, REPLY ${places(st.reply, 'DEFAULT (the landing hex with most raiders)')}.`,
      );
    }
    return lines.join('\n');
  },
  outcome(s) {
    return s.result
      ? { kind: s.result.kind === 'draw' ? 'draw' : 'victory', winners: s.result.winners, text: s.result.text }
      : null;
  },
  isPrivateLine(line) {
    // Standing instructions, a refused one too (its text tells what was meant).
    return /^STANDING /.test(line.reading ?? '') || /^\s*STANDING\b/i.test(line.text);
  },
  waitingNote(s, role) {
    if (s.result || role === s.side) return null;
    return `It is the ${s.side} player's ${phaseName(s)}; you may send standing instructions (${STANDING_SYNTAX.join(', ')})`;
  },
  options(s, role) {
    // from/to: the hexes of a move or an attack, for the page's map clicks (programs read ids; people read the text).
    const hexesOf = (a: Action): { from?: string[]; to?: string } => {
      if (a.kind === 'move') {
        const at = s.units.find((u) => u.id === a.unit)?.at;
        return at && isHex(at) ? { from: [at], to: a.path.at(-1)! } : {};
      }
      if (a.kind === 'attack') return { from: a.from, to: a.target };
      return {};
    };
    const actions = s.setupSide
      ? setupOptions(s, role as Side).map((a) => ({ kind: a.kind, text: describeSetup(s, a) }))
      : legalActions(s, role).map((a) => ({ kind: a.kind, text: describe(s, a), ...hexesOf(a) }));
    // RETREAT/OVERSTACK TOWARD and ATTRITION take any hex (ATTRITION a list); offered with each of the player's Structures.
    const toward = SIDES.includes(role as Side)
      ? [...new Set(s.structures.filter((x) => x.owner === role).map((x) => x.hex))].sort().map((h) => hexWord(s, h))
      : [];
    const standing =
      SIDES.includes(role as Side) && !s.result
        ? standingOffered(toward).map((text) => ({ kind: 'standing', text }))
        : [];
    return {
      phase: s.result ? null : phaseName(s),
      waitingFor: s.result ? null : s.side,
      actions: role === s.side ? [...actions, { kind: 'pass', text: 'PASS' }] : [],
      standing,
    };
  },
};

export { unit, placeName };
