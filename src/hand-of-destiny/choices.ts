// The legal choices open to a player for the rest of the current submission, given the lines
// accepted so far. Used by the web client to offer orders and by the random player.
import { Game, type HodState } from './model.ts';
import { STANDING_HELP, standingLines } from './standing.ts';
import { Planner } from './submission.ts';

export interface Choices {
  side: string;
  /** False when it is not this side's turn: only STANDING lines are read. */
  yourTurn: boolean;
  /** The phase the next line belongs to (card, removal, recruit, fort, move, battle). */
  phase: string;
  drawn: { number: number; title: string; fleetMoves: number; hold: boolean; event: string | null } | null;
  held: { number: number; title: string }[];
  /** Cards whose event PLAY accepts now. */
  playable: number[];
  canHold: boolean;
  removal: { count: number; candidates: string[] } | null;
  /** Units that may be recruited now and where. */
  recruits: { unit: string; spaces: string[] }[];
  /** Moves inside an island (islands model) or along routes: unit -> reachable spaces. */
  landMoves: { unit: string; from: string; to: string[] }[];
  fleet: {
    movesLeft: number;
    capacity: { units: number; leaders: number };
    canoes: { canoe: string; at: string }[];
    /** Land spaces where a canoe may pick units up. */
    pickups: string[];
    /** Land spaces a fleet move may end in. */
    destinations: string[];
  };
  /** Spaces where a battle will be fought (the attacker may order them). */
  battles: string[];
  /**
   * Land spaces the other side holds when the moves begin (the map shows its stacks there, hidden
   * or not): a move or fleet landing there adds a battle (11.0), which the attacker may order.
   */
  enemyAt: string[];
  /** The decisions taken for this side during the turns (war fleet, losses, retreats...): current setting or default, and how to change them. */
  standing: { instructions: string[]; help: string };
}

function standingChoices(state: HodState, side: string): Choices['standing'] {
  return { instructions: standingLines(new Game(state), side), help: STANDING_HELP };
}

const ORDER = ['card', 'removal', 'recruit', 'fort', 'move', 'battle', 'end'];

export type Section = 'removal' | 'recruits' | 'moves' | 'battles';

/** `need` limits the look-ahead to some sections (the others come back empty). */
export function choicesFromPlanner(p: Planner, need: Section[] = ['removal', 'recruits', 'moves', 'battles']): Choices {
  const side = p.side;
  const cur = ORDER.indexOf(p.t.phase);
  // The planner as it would stand at a phase if the next lines belong to it (null once passed).
  const atPhase = (ph: string): Planner | null => {
    const want = ORDER.indexOf(ph);
    if (want < cur) return null;
    if (want === cur) return p;
    const f = p.fork();
    f.t.advanceTo(ph as never);
    return f;
  };
  const g = p.g;
  const deck = g.s.decks[side]!;
  const d = p.t.drawnCard();
  const pr = need.includes('removal') ? atPhase('removal') : null;
  const rc = need.includes('recruits') ? atPhase('recruit') : null;
  const mv = need.includes('moves') ? atPhase('move') : null;
  // Battles are where both sides stand once the moves are made: the move-phase plan knows them.
  const bt = need.includes('battles')
    ? cur >= ORDER.indexOf('move')
      ? cur <= ORDER.indexOf('battle')
        ? p
        : null
      : (mv ?? atPhase('move'))
    : null;
  const landMoves: Choices['landMoves'] = [];
  const canoes: Choices['fleet']['canoes'] = [];
  if (mv) {
    const mg = mv.g;
    for (const id of mg.unitIds()) {
      if (!mv.t.canMove(id)) continue;
      const from = mg.at(id);
      if (mg.u(id).canoe || mg.u(id).fleet) canoes.push({ canoe: id, at: from });
      let to: string[] = [];
      if (mg.rules.movement === 'islands')
        to = mg.u(id).canoe ? [] : mg.otherIslandSpaces(from).filter((s) => !mg.neutralHeld(s));
      else if (!(mg.opt.riverMovement && mg.u(id).fleet)) to = reachable(mv, id, from);
      if (to.length) landMoves.push({ unit: id, from, to });
    }
  }
  const mg = mv?.g ?? g;
  const enemy = g.enemy(side);
  const land = mg.landSpaces();
  return {
    side,
    yourTurn: true,
    phase: p.t.phase,
    drawn: d
      ? { number: d.number, title: d.title, fleetMoves: d.fleetMoves, hold: !!d.hold, event: d.event?.type ?? null }
      : null,
    held: deck.held.map((n) => ({ number: n, title: g.card(side, n).title })),
    playable: cur === 0 ? p.t.playable() : [],
    canHold: cur === 0 && !!d?.hold,
    removal: pr && pr.t.removalNeeded > 0 ? { count: pr.t.removalNeeded, candidates: pr.t.removalCandidates() } : null,
    recruits: rc
      ? rc.t
          .recruitable()
          .map((u) => ({ unit: u, spaces: rc.t.recruitSpaces(u) }))
          .filter((r) => r.spaces.length)
      : [],
    landMoves,
    fleet: {
      movesLeft: mv ? mv.t.ctx.fleetMovesLeft : 0,
      capacity: mv ? mv.t.ctx.fleetCapacity : { units: 0, leaders: 0 },
      canoes,
      pickups: land.filter((s) => !mg.hasSide(s, enemy) && !mg.neutralHeld(s)),
      destinations: land.filter((s) => !mg.neutralHeld(s)),
    },
    battles: bt ? bt.t.battleSpaces() : [],
    enemyAt: mv ? land.filter((s) => mg.hasSide(s, enemy)) : [],
    standing: { instructions: standingLines(g, side), help: STANDING_HELP },
  };
}

/** Spaces a unit can reach along routes this turn (system movement), stopping where it must. */
function reachable(p: Planner, id: string, from: string): string[] {
  const g = p.g;
  const t = p.t;
  const max = t.allowance(id);
  const enemy = g.enemy(p.side);
  const seen = new Map<string, number>([[from, 0]]);
  let frontier = [from];
  for (let d = 1; d <= max; d++) {
    const next: string[] = [];
    for (const s of frontier) {
      if (
        s !== from &&
        (g.hasSide(s, enemy) ||
          g.space(s).stop ||
          (g.opt.riverMovement &&
            g.space(s).river &&
            !g.sideUnitsAt(s, p.side).some((x) => g.u(x).fleet || g.u(x).engineer)))
      )
        continue;
      for (const n of g.neighbours(s)) {
        if (seen.has(n.to) || g.neutralHeld(n.to) || g.space(n.to).type !== 'land') continue;
        seen.set(n.to, d);
        next.push(n.to);
      }
    }
    frontier = next;
  }
  seen.delete(from);
  return [...seen.keys()];
}

/** Choices for `side` after the given lines of its submission. */
export function legalChoices(state: HodState, side: string, lines: string[] = []): Choices {
  if (state.outcome || state.side !== side) {
    return {
      side,
      yourTurn: false,
      phase: 'none',
      drawn: null,
      held: (state.decks[side]?.held ?? []).map((n) => ({
        number: n,
        title: state.scenario.decks[side]!.find((c) => c.number === n)!.title,
      })),
      playable: [],
      canHold: false,
      removal: null,
      recruits: [],
      landMoves: [],
      fleet: { movesLeft: 0, capacity: { units: 0, leaders: 0 }, canoes: [], pickups: [], destinations: [] },
      battles: [],
      enemyAt: [],
      standing: standingChoices(state, side),
    };
  }
  const p = new Planner(state, side);
  for (const l of lines) p.add(l);
  return choicesFromPlanner(p);
}
