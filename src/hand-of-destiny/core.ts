// The context of one player turn being resolved (or planned while a submission is read),
// and the few operations every rule needs: dice, eliminations, sudden death, the report.
import type { Game, ReportEntry } from './model.ts';
import { d6, drawsSince, nextDraw } from '../contract/random.ts';

export class TurnCtx {
  readonly report: ReportEntry[] = [];
  /** Battle bonus of the card in effect: added to this player's advantage rolls when attacking. */
  battleBonus = 0;
  fleetMovesLeft = 0;
  fleetCapacity: { units: number; leaders: number };
  noSighting = false;
  /** Units that may not move again this turn (carried by a fleet, moved along routes, built a fort). */
  readonly moved = new Set<string>();
  /** Units that entered a space with enemy units and must stop there. */
  readonly stopped = new Set<string>();
  /** How units reached their space this turn: 'land' (inside an island / along routes) or 'fleet'. */
  readonly arrivedBy: Record<string, 'land' | 'fleet'> = {};
  /** Spaces where no battle is fought this turn (landing after a won sea battle, 11.8). */
  readonly noBattle = new Set<string>();
  /** Battles of this Battle Phase not yet resolved: retreats may not go there (11.5). */
  readonly pending = new Set<string>();
  /** Spaces fought over in this Battle Phase: pursuit never enters them again (19.0). */
  readonly fought = new Set<string>();
  /** Units out of supply at the start of the March Phase (21.3). */
  outOfSupply = new Set<string>();
  /** The first draw of the seed's stream not yet named in the report (docs/service-rules.md "Fair dice"). */
  private drawMark: number | null;

  constructor(
    readonly g: Game,
    readonly side: string,
    readonly mode: 'plan' | 'play',
  ) {
    this.fleetCapacity = { ...g.rules.fleetCapacity };
    this.drawMark = nextDraw(g.s.rng);
  }

  /** A copy working on `g` (a copy of this context's game): the same turn so far, to try an order on. */
  fork(g: Game): TurnCtx {
    const c = new TurnCtx(g, this.side, this.mode);
    c.report.push(...this.report);
    c.battleBonus = this.battleBonus;
    c.fleetMovesLeft = this.fleetMovesLeft;
    c.fleetCapacity = { ...this.fleetCapacity };
    c.noSighting = this.noSighting;
    for (const [mine, theirs] of [
      [this.moved, c.moved],
      [this.stopped, c.stopped],
      [this.noBattle, c.noBattle],
      [this.pending, c.pending],
      [this.fought, c.fought],
    ] as const)
      for (const x of mine) theirs.add(x);
    Object.assign(c.arrivedBy, this.arrivedBy);
    c.outOfSupply = new Set(this.outOfSupply);
    c.drawMark = this.drawMark;
    c.battleReaders = this.battleReaders;
    return c;
  }

  get enemy(): string {
    return this.g.enemy(this.side);
  }

  /** Readers of the lines said inside a battle under the fog of war: the two sides (and the moderator). */
  private battleReaders: string[] | null = null;

  /**
   * Lines said by `f` describe a battle: under 10.0 both sides see it (their units share the space),
   * an observer, who has units nowhere, does not.
   */
  inBattle<T>(f: () => T): T {
    const outer = this.battleReaders;
    if (this.g.opt.fogOfWar) this.battleReaders = [...this.g.c.sideIds];
    try {
      return f();
    } finally {
      this.battleReaders = outer;
    }
  }

  /** Every entry names the draws (dice, shuffles) of the seed's stream taken since the last one. */
  private push(e: ReportEntry): void {
    const draws = drawsSince(this.g.s.rng, this.drawMark);
    this.drawMark = nextDraw(this.g.s.rng);
    this.report.push(draws ? { ...e, draws } : e);
  }

  /** Reports what happened (inside a battle under fog, to the two sides only). */
  say(text: string, to?: string[]): void {
    const readers = to ?? this.battleReaders;
    this.push(readers ? { text, to: readers } : { text });
  }

  /** A line every reader reads, in a battle too (who holds the space is on every map). */
  sayPublic(text: string): void {
    this.push({ text });
  }

  /** A line everyone reads as `text`, and some readers (side ids, 'moderator') read in a fuller version. */
  sayVersions(text: string, versions: Record<string, string>): void {
    const e = { text, versions: { moderator: Object.values(versions)[0] ?? text, ...versions } };
    this.push(this.battleReaders ? { ...e, to: this.battleReaders } : e);
  }

  /** Sides with units (canoes too) in any of these spaces now: under 10.0 they may examine those stacks. */
  seers(spaces: string[]): string[] {
    return this.g.c.sideIds.filter((side) => side === this.side || spaces.some((sp) => this.g.hasSide(sp, side)));
  }

  /**
   * 10.0: `full` names the units; readers who cannot examine the spaces involved read `fogged`
   * (counts only). `seers` are the sides that may: the acting side and any side with units there.
   */
  sayFogged(full: string, fogged: string, seers: string[]): void {
    if (!this.g.opt.fogOfWar) {
      this.say(full);
      return;
    }
    const versions: Record<string, string> = { moderator: full };
    for (const s of seers) versions[s] = full;
    this.push({ text: fogged, versions });
  }

  roll(): number {
    return d6(this.g.s.rng);
  }

  rolls(n: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < n; i++) out.push(this.roll());
    return out;
  }

  get over(): boolean {
    return this.g.s.outcome !== null;
  }

  /** Remove a unit from the map after an elimination: Recruit Box, or dead pile for leaders and neutrals. */
  eliminate(id: string): void {
    const g = this.g;
    const u = g.u(id);
    let to: string = g.rules.eliminatedTo;
    if (!u.recruitable || (u.leader && !g.rules.leadersReturn)) to = 'dead';
    g.s.units[id]!.at = to;
    checkSuddenDeath(g);
  }

  /** Back to the Recruit Box without an elimination (Storm, Warriors Go Home, major battle loss). */
  toBox(id: string): void {
    const g = this.g;
    const u = g.u(id);
    g.s.units[id]!.at = u.recruitable && !(u.leader && !g.rules.leadersReturn) ? 'box' : 'dead';
    checkSuddenDeath(g);
  }
}

export function checkSuddenDeath(g: Game): void {
  if (g.s.outcome) return;
  for (const sd of g.s.scenario.victory.suddenDeath) {
    if (sd.eliminated.every((id) => g.s.units[id]!.at === 'dead')) {
      g.s.outcome = {
        kind: 'victory',
        winners: [sd.winner],
        text: `${g.sideName(sd.winner)} win: ${sd.text ?? 'sudden death'}`,
      };
      return;
    }
  }
}
