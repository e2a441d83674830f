// A player turn in the sequence of play: campaign card, recruiting, movement (March Phase),
// battles, end of turn. The same code runs when a submission is read ('plan': no dice, to check
// each order against the position it will meet) and when the turn is resolved ('play').
import { cleanFortMarkers, landBattle, seaBattle } from './battle.ts';
import { TurnCtx } from './core.ts';
import { cloneState, Game, RuleError } from './model.ts';
import { unitMatches } from './names.ts';
import { shuffle } from '../contract/random.ts';
import type { CardData, EventData } from './scenario-schema.ts';
import { lossOrder } from './standing.ts';
import { inSupply, spaceSupplied } from './supply.ts';
import { scenarioHook } from './hooks.ts';

export type MoveOrder =
  | { type: 'land'; units: string[]; path: string[] }
  /** islands: path is [canoe's space, pickup space, destination]; routes: the river path. */
  | { type: 'fleet'; canoe: string; path: string[]; carry: string[] };

export interface RecruitSlot {
  unit: string | null;
  kind: string | null;
  filled: string | null;
}

export const PHASES = ['card', 'removal', 'recruit', 'fort', 'move', 'battle', 'end'] as const;
export type Phase = (typeof PHASES)[number];

export class SideTurn {
  readonly ctx: TurnCtx;
  readonly side: string;
  readonly drawn: number | null;
  private phaseIndex = 0;
  /** The card whose event is in effect this turn (one at a time, 8.0). */
  eventCard: number | null = null;
  private eventFromHeld = false;
  private playChosen = false;
  private holdDrawn: boolean | null = null;
  removalNeeded = 0;
  removalKinds: string[] = [];
  slots: RecruitSlot[] = [];

  constructor(
    readonly g: Game,
    mode: 'plan' | 'play',
    ctx?: TurnCtx,
  ) {
    this.side = g.s.side;
    this.ctx = ctx ?? new TurnCtx(g, this.side, mode);
    this.drawn = g.s.decks[this.side]!.drawn;
  }

  /** The turn so far on a copy of the state: to try an order (or look ahead) without changing this one. */
  fork(): SideTurn {
    const g = new Game(cloneState(this.g.s));
    const t = new SideTurn(g, this.ctx.mode, this.ctx.fork(g));
    t.phaseIndex = this.phaseIndex;
    t.eventCard = this.eventCard;
    t.eventFromHeld = this.eventFromHeld;
    t.playChosen = this.playChosen;
    t.holdDrawn = this.holdDrawn;
    t.removalNeeded = this.removalNeeded;
    t.removalKinds = this.removalKinds.slice();
    t.slots = this.slots.map((x) => ({ ...x }));
    return t;
  }

  /** Whether the drawn card may still be held (it can be held and is not being played). */
  get canHold(): boolean {
    return this.phase === 'card' && !!this.drawnCard()?.hold && this.holdDrawn !== false;
  }

  get phase(): Phase {
    return PHASES[this.phaseIndex]!;
  }

  drawnCard(): CardData | null {
    return this.drawn === null ? null : this.g.card(this.side, this.drawn);
  }

  /** Move on to a phase, closing the ones before it with their defaults. */
  advanceTo(p: Phase, what = ''): void {
    const target = PHASES.indexOf(p);
    if (target < this.phaseIndex)
      throw new RuleError(
        `${what || p} comes too late: orders are read in the order card, remove, recruit, fort, move, battle`,
      );
    while (this.phaseIndex < target) {
      const closing = this.phase;
      this.phaseIndex++;
      if (closing === 'card') this.closeCard();
      else if (closing === 'removal') this.closeRemoval();
      else if (closing === 'recruit') this.closeRecruit();
      else if (closing === 'fort') this.openMovement();
    }
  }

  // ---- 1) Campaign Card Phase -------------------------------------------------------------

  /** The cards whose event may be played this turn. */
  playable(): number[] {
    const g = this.g;
    const out: number[] = [];
    const d = this.drawnCard();
    if (d?.event && d.hold && d.event.type !== 'earthworks') out.push(d.number);
    // A held card may be played when the drawn card has no event of its own or is itself held.
    if (!d?.event || d.hold) {
      for (const n of g.s.decks[this.side]!.held) {
        const ev = g.card(this.side, n).event;
        if (ev && ev.type !== 'earthworks') out.push(n);
      }
    }
    return out;
  }

  play(n: number): void {
    this.advanceTo('card', 'PLAY');
    const g = this.g;
    if (this.playChosen) throw new RuleError('only one card can be in effect at a time: one PLAY per turn');
    const deck = g.s.decks[this.side]!;
    const d = this.drawnCard();
    const isHeld = deck.held.includes(n);
    if (n !== this.drawn && !isHeld) {
      const held = deck.held.length ? `; you hold ${deck.held.map((x) => `#${x}`).join(', ')}` : '; you hold no cards';
      throw new RuleError(`card #${n} is not yours to play: the card drawn is ${d ? `#${d.number}` : 'none'}${held}`);
    }
    const card = g.card(this.side, n);
    if (!card.event) throw new RuleError(`card #${n} ${card.title} has no event to play`);
    if (card.event.type === 'earthworks')
      throw new RuleError(
        `#${n} ${card.title} is used when you are attacked (STANDING EARTHWORKS), not played on your turn`,
      );
    if (n === this.drawn) {
      if (!card.hold) throw new RuleError(`card #${n} ${card.title} takes effect by itself; PLAY is for held cards`);
      if (this.holdDrawn === true) throw new RuleError(`you chose to HOLD card #${n}`);
      this.holdDrawn = false;
    } else {
      if (d?.event && !d.hold)
        throw new RuleError(
          `the card drawn, #${d.number} ${d.title}, is in effect this turn; a held card can be played only when the drawn card has no event or is held`,
        );
      if (this.holdDrawn === false)
        throw new RuleError(`you are playing the drawn card #${this.drawn}; only one card can be in effect`);
      this.eventFromHeld = true;
    }
    this.eventCard = n;
    this.playChosen = true;
  }

  hold(): void {
    this.advanceTo('card', 'HOLD');
    const d = this.drawnCard();
    if (!d) throw new RuleError('no card was drawn this turn');
    if (!d.hold) throw new RuleError(`card #${d.number} ${d.title} cannot be held`);
    if (this.holdDrawn === false) throw new RuleError(`you are playing card #${d.number} now`);
    this.holdDrawn = true;
  }

  private closeCard(): void {
    const g = this.g;
    const ctx = this.ctx;
    const d = this.drawnCard();
    const name = g.sideName(this.side);
    if (d) {
      if (d.hold) {
        if (this.eventCard !== d.number) this.holdDrawn = true;
      } else if (d.event) {
        this.eventCard = d.number;
      }
      ctx.fleetMovesLeft = d.fleetMoves;
    }
    if (this.holdDrawn) ctx.say(`${name} holds #${d!.number} ${d!.title} for later play.`);
    if (this.eventCard !== null) {
      const card = g.card(this.side, this.eventCard);
      if (this.eventFromHeld || card.hold)
        ctx.say(`${name} plays #${card.number} ${card.title}${this.eventFromHeld ? ' (held)' : ''}.`);
      // Immediate events of a drawn card happened at the draw; a held card's happen now.
      this.applyEvent(card.event!, this.eventFromHeld || !!card.hold);
    }
    if (d) ctx.say(`Fleet moves this turn: ${ctx.fleetMovesLeft}.`);
    this.computeSlots();
  }

  private applyEvent(ev: EventData, immediateToo: boolean): void {
    const ctx = this.ctx;
    const g = this.g;
    switch (ev.type) {
      case 'battleBonus':
        ctx.battleBonus = ev.advantage;
        ctx.say(
          `Battle bonus: +${ev.advantage} to ${g.possessive(this.side)} advantage rolls when attacking this turn.`,
        );
        break;
      case 'fleetCapacity':
        ctx.fleetCapacity = { units: ev.units, leaders: ev.leaders };
        ctx.say(`Each fleet move may carry ${ev.units} units and ${ev.leaders} leaders this turn.`);
        break;
      case 'noSighting':
        ctx.noSighting = true;
        ctx.say(`Invasions this turn cannot be sighted.`);
        break;
      case 'removeUnits':
        this.removalNeeded = ev.count;
        this.removalKinds = ev.kinds;
        break;
      case 'appeal':
      case 'reshuffle':
      case 'hook':
        if (immediateToo && ctx.mode === 'play') immediateEvent(ctx, this.side, ev);
        break;
      case 'earthworks':
        break;
    }
  }

  // ---- removal events (Storm, Warriors Go Home) -------------------------------------------

  removalCandidates(): string[] {
    const g = this.g;
    return g
      .unitIds()
      .filter(
        (id) =>
          g.onMap(id) && g.s.units[id]!.owner === this.side && this.removalKinds.some((k) => unitMatches(g.u(id), k)),
      );
  }

  remove(id: string): void {
    this.advanceTo('removal', 'REMOVE');
    const g = this.g;
    if (this.removalNeeded <= 0) throw new RuleError('no card in effect removes units this turn');
    if (!this.removalCandidates().includes(id))
      throw new RuleError(
        `${g.label(id)} cannot be removed: the card removes your ${this.removalKinds.join(' or ')} on the map`,
      );
    this.removeNow(id);
  }

  private removeNow(id: string): void {
    const g = this.g;
    const where = g.space(g.at(id)).name;
    const seers = this.ctx.seers([g.at(id)]);
    this.ctx.toBox(id);
    this.removalNeeded--;
    this.ctx.sayFogged(
      `${g.sideName(this.side)} removes ${g.label(id)} from ${where} to the Recruit Box.`,
      `${g.sideName(this.side)} removes ${g.label(id)} to the Recruit Box.`,
      seers,
    );
  }

  private closeRemoval(): void {
    while (this.removalNeeded > 0) {
      const c = lossOrder(this.g, this.side, this.removalCandidates());
      if (!c.length) {
        this.removalNeeded = 0;
        break;
      }
      this.removeNow(c[0]!);
    }
  }

  // ---- 2) Recruiting Phase ----------------------------------------------------------------

  private computeSlots(): void {
    const g = this.g;
    const d = this.drawnCard();
    if (!d) return;
    d.recruit.forEach((r, i) => {
      if (r.firstDrawOnly) {
        const key = `${this.side}:${d.number}:${i}`;
        if (g.s.usedOnce.includes(key)) {
          this.ctx.say(`#${d.number}: ${r.unit ? g.u(r.unit).name : r.kind} is not recruited a second time (6.1).`);
          return;
        }
        g.s.usedOnce.push(key);
      }
      if (r.unit) {
        const st = g.s.units[r.unit]!;
        if (st.at === 'box' && st.owner === this.side && g.u(r.unit).recruitable)
          this.slots.push({ unit: r.unit, kind: null, filled: null });
        else this.ctx.say(`${g.u(r.unit).name} is not in the Recruit Box and cannot be recruited.`);
      } else {
        for (let k = 0; k < r.count; k++) this.slots.push({ unit: null, kind: r.kind!, filled: null });
      }
    });
  }

  /** Units in the box that could fill an open slot. */
  recruitable(): string[] {
    const g = this.g;
    const taken = new Set(this.slots.map((s) => s.filled).filter((x): x is string => !!x));
    const box = g
      .unitIds()
      .filter(
        (id) =>
          g.s.units[id]!.at === 'box' && g.s.units[id]!.owner === this.side && g.u(id).recruitable && !taken.has(id),
      );
    return box.filter((id) =>
      this.slots.some((s) => !s.filled && (s.unit === id || (s.kind !== null && unitMatches(g.u(id), s.kind)))),
    );
  }

  /** 9.0: a home space, or a space with a friendly leader; never among enemy units. */
  recruitSpaces(id: string): string[] {
    const g = this.g;
    const home = g.homeOf(id);
    const enemy = g.enemy(this.side);
    return g.landSpaces().filter((s) => {
      if (g.hasSide(s, enemy) || g.neutralHeld(s)) return false;
      if (home.includes(s)) return true;
      return g.rules.recruitWithLeader && g.sideUnitsAt(s, this.side).some((x) => g.u(x).leader);
    });
  }

  recruit(id: string, space: string | null): string {
    this.advanceTo('recruit', 'RECRUIT');
    return this.placeRecruit(id, space);
  }

  private placeRecruit(id: string, space: string | null): string {
    const g = this.g;
    const u = g.u(id);
    const slot =
      this.slots.find((s) => !s.filled && s.unit === id) ??
      this.slots.find(
        (s) =>
          !s.filled &&
          s.kind !== null &&
          unitMatches(u, s.kind) &&
          g.s.units[id]!.at === 'box' &&
          g.s.units[id]!.owner === this.side &&
          u.recruitable,
      );
    if (!slot) {
      const open = this.slots.filter((s) => !s.filled).map((s) => (s.unit ? g.u(s.unit).name : s.kind));
      throw new RuleError(
        `${u.name} cannot be recruited now: the card recruits ${open.length ? open.join(', ') : 'nothing more'}`,
      );
    }
    const spaces = this.recruitSpaces(id);
    const where = space ?? this.defaultRecruitSpace(id);
    if (!where) throw new RuleError(`${u.name} has no space to be recruited in`);
    if (!spaces.includes(where))
      throw new RuleError(
        `${u.name} may be recruited only in ${spaces.map((s) => g.space(s).name).join(', ') || 'no space now'} (home spaces or with a leader, not among enemy units)`,
      );
    slot.filled = id;
    const seers = this.ctx.seers([where]);
    g.s.units[id]!.at = where;
    // The Recruit Box is public; where the recruit goes is seen only by whoever is there (10.0).
    this.ctx.sayFogged(
      `${g.sideName(this.side)} recruits ${g.label(id)} in ${g.space(where).name}.`,
      `${g.sideName(this.side)} recruits ${g.label(id)}.`,
      seers,
    );
    return where;
  }

  defaultRecruitSpace(id: string): string | null {
    const g = this.g;
    const spaces = this.recruitSpaces(id);
    const home = spaces.filter((s) => g.homeOf(id).includes(s));
    const pool = home.length ? home : spaces;
    const power = (s: string) => g.strengthOf(g.sideUnitsAt(s, this.side));
    return pool.slice().sort((a, b) => power(b) - power(a) || a.localeCompare(b))[0] ?? null;
  }

  private closeRecruit(): void {
    const g = this.g;
    for (const slot of this.slots) {
      if (slot.filled) continue;
      const cands = this.recruitable()
        .filter(
          (id) => slot.unit === id || (slot.kind !== null && slot.unit === null && unitMatches(g.u(id), slot.kind)),
        )
        .sort((a, b) => g.u(b).strength - g.u(a).strength || a.localeCompare(b));
      const id = cands.find((c) => this.defaultRecruitSpace(c) !== null);
      if (!id) {
        if (!cands.length && slot.kind) this.ctx.say(`No ${slot.kind} left in the Recruit Box to recruit.`);
        else if (cands.length)
          this.ctx.say(`${g.u(cands[0]!).name} has no space to be recruited in and stays in the Recruit Box.`);
        continue;
      }
      this.placeRecruit(id, null);
    }
  }

  // ---- fort markers (22.0) ----------------------------------------------------------------

  fortAction(action: 'build' | 'dismantle', space: string): void {
    this.advanceTo('fort', action.toUpperCase());
    const g = this.g;
    if (!g.opt.fortMarkers) throw new RuleError('fort markers are an advanced rule not used in this game');
    const sp = g.space(space);
    if (action === 'dismantle') {
      const i = g.s.forts.findIndex((f) => f.space === space && f.owner === this.side);
      if (i < 0) throw new RuleError(`you have no fort marker at ${sp.name}`);
      g.s.forts.splice(i, 1);
      this.ctx.say(`${g.sideName(this.side)} dismantles the fort at ${sp.name}.`);
      return;
    }
    const limit = g.rules.fortMarkers?.[this.side] ?? 0;
    if (g.s.forts.filter((f) => f.owner === this.side).length >= limit)
      throw new RuleError(`all your ${limit} fort markers are in use`);
    if (sp.type !== 'land') throw new RuleError(`forts cannot be built at sea`);
    if (sp.fort || g.s.forts.some((f) => f.space === space)) throw new RuleError(`${sp.name} already has a fort`);
    const builder = g.sideUnitsAt(space, this.side).find((id) => g.u(id).buildsForts && !this.ctx.moved.has(id));
    if (!builder) throw new RuleError(`no unit able to build forts is at ${sp.name}`);
    if (!spaceSupplied(g, this.side, space)) throw new RuleError(`${sp.name} is not in supply`);
    g.s.forts.push({ space, owner: this.side });
    this.ctx.moved.add(builder);
    this.ctx.sayFogged(
      `${g.sideName(this.side)} builds a fort at ${sp.name} (${g.label(builder)} stays this turn).`,
      `${g.sideName(this.side)} builds a fort at ${sp.name}.`,
      this.ctx.seers([space]),
    );
  }

  // ---- 3) Movement / March Phase ------------------------------------------------------------

  private openMovement(): void {
    if (this.g.opt.supply) {
      const ok = inSupply(this.g, this.side);
      this.ctx.outOfSupply = new Set(
        this.g.unitIds().filter((id) => this.g.onMap(id) && this.g.s.units[id]!.owner === this.side && !ok.has(id)),
      );
    }
  }

  /** Units of this side that may still move at all. */
  canMove(id: string): boolean {
    const g = this.g;
    return (
      g.onMap(id) &&
      g.s.units[id]!.owner === this.side &&
      !g.u(id).marker &&
      !this.ctx.moved.has(id) &&
      !this.ctx.stopped.has(id) &&
      !g.contested(g.at(id))
    );
  }

  /** Spaces along routes allowance for route movement (system 11.0). */
  allowance(id: string): number {
    const g = this.g;
    const d = this.drawnCard();
    if (!d) return 0;
    let best = 0;
    const u = g.u(id);
    for (const m of d.moves) {
      if (m.kinds && !m.kinds.some((k) => unitMatches(u, k))) continue;
      if (m.contingents && !(u.contingent && m.contingents.includes(u.contingent))) continue;
      best = Math.max(best, m.spaces);
    }
    if (best > 0 && this.ctx.outOfSupply.has(id)) best = Math.max(1, best - 1);
    return best;
  }

  move(order: MoveOrder): void {
    this.advanceTo('move', order.type === 'land' ? 'MOVE' : 'FLEET');
    if (order.type === 'land') {
      if (this.g.rules.movement === 'islands') this.islandMove(order.units, order.path);
      else this.routeMove(order.units, order.path);
    } else if (this.g.rules.movement === 'islands') this.fleetMove(order.canoe, order.path, order.carry);
    else this.riverFleetMove(order.canoe, order.path, order.carry);
  }

  private checkMovers(units: string[], from: string): void {
    const g = this.g;
    if (!units.length) throw new RuleError(`no units to move`);
    if (new Set(units).size !== units.length) throw new RuleError('a unit is named twice');
    for (const id of units) {
      if (g.s.units[id]!.owner !== this.side) throw new RuleError(`${g.u(id).name} is not yours`);
      if (g.at(id) !== from) throw new RuleError(`${g.u(id).name} is not at ${g.space(from).name}`);
      if (g.u(id).marker) throw new RuleError(`${g.u(id).name} does not move`);
      if (g.contested(from))
        throw new RuleError(`your units at ${g.space(from).name} are engaged with the enemy and cannot leave`);
      if (this.ctx.stopped.has(id)) throw new RuleError(`${g.u(id).name} entered an enemy space and must stop`);
      if (this.ctx.moved.has(id)) throw new RuleError(`${g.u(id).name} has already moved by fleet this turn`);
    }
  }

  private arrive(ids: string[], to: string, how: 'land' | 'fleet'): void {
    const g = this.g;
    const engaged = g.hasSide(to, this.ctx.enemy);
    for (const id of ids) {
      g.s.units[id]!.at = to;
      this.ctx.arrivedBy[id] = how;
      if (engaged) this.ctx.stopped.add(id);
    }
    // 22.3: "at any time" enemy units in a fort's space with no friendly units remove it.
    if (g.s.forts.length) cleanFortMarkers(this.ctx);
  }

  /** 10.2: free movement between the two spaces of O'ahu and of Hawai'i. */
  private islandMove(units: string[], path: string[]): void {
    const g = this.g;
    if (path.length !== 2) throw new RuleError('a MOVE goes from one space to the other space of the same island');
    const [from, to] = path as [string, string];
    if (!g.otherIslandSpaces(from).includes(to))
      throw new RuleError(
        `${g.space(from).name} and ${g.space(to).name} are not two spaces of one island: use a fleet move (FLEET)`,
      );
    if (g.neutralHeld(to)) throw new RuleError(`${g.space(to).name} is held by neutral units`);
    this.checkMovers(units, from);
    // 10.3: the Fleet Move line limits the canoes that move (Storm: none), inside an island too.
    const canoe = units.find((id) => g.u(id).canoe);
    if (canoe) {
      const left = this.ctx.fleetMovesLeft;
      throw new RuleError(
        `${g.u(canoe).name} moves only by a fleet move (10.3)${left > 0 ? `: FLEET ${g.u(canoe).name} ${g.space(from).name} - ${g.space(to).name}` : ': no fleet moves are left this turn'}`,
      );
    }
    const seers = this.ctx.seers([from, to]);
    this.arrive(units, to, 'land');
    const stops = g.hasSide(to, this.ctx.enemy) ? ' (enemy there: stops)' : '';
    this.ctx.sayFogged(
      `${g.sideName(this.side)} moves ${g.list(units)} from ${g.space(from).name} to ${g.space(to).name}${stops}.`,
      `${g.sideName(this.side)} moves ${countOf(units)} from ${g.space(from).name} to ${g.space(to).name}${stops}.`,
      seers,
    );
  }

  /** 10.3: one canoe to a land space, embark up to two units and two leaders, sail to another land space. */
  private fleetMove(canoe: string, path: string[], carry: string[]): void {
    const g = this.g;
    const ctx = this.ctx;
    if (ctx.fleetMovesLeft <= 0) throw new RuleError('no fleet moves left this turn');
    if (path.length !== 3) throw new RuleError('a fleet move needs a start, a pickup space and a destination');
    const [from, pickup, to] = path as [string, string, string];
    if (!g.u(canoe).canoe) throw new RuleError(`${g.u(canoe).name} is not a canoe fleet`);
    this.checkMovers([canoe], from);
    for (const s of [pickup, to])
      if (g.space(s).type !== 'land') throw new RuleError(`${g.space(s).name} is not a land space`);
    if (pickup !== from && (g.hasSide(pickup, ctx.enemy) || g.neutralHeld(pickup)))
      throw new RuleError(`the canoe would have to stop at ${g.space(pickup).name} (enemy or neutral units there)`);
    if (to === pickup) throw new RuleError('a fleet move ends in another land space');
    if (g.neutralHeld(to)) throw new RuleError(`${g.space(to).name} is held by neutral units and cannot be entered`);
    if (carry.length) this.checkMovers(carry, pickup);
    for (const id of carry) if (!g.fighter(id)) throw new RuleError(`${g.u(id).name} cannot be carried by a canoe`);
    const leaders = carry.filter((id) => g.u(id).leader).length;
    const others = carry.length - leaders;
    if (others > ctx.fleetCapacity.units || leaders > ctx.fleetCapacity.leaders)
      throw new RuleError(
        `a canoe carries at most ${ctx.fleetCapacity.units} units and ${ctx.fleetCapacity.leaders} leaders`,
      );
    ctx.fleetMovesLeft--;
    for (const id of [canoe, ...carry]) ctx.moved.add(id);
    const via = pickup !== from ? ` via ${g.space(pickup).name}` : '';
    // Landing where this side holds the space and the enemy only its beach (11.8) reinforces the
    // defenders: no invasion, no sighting.
    const invasion = g.hasSide(to, ctx.enemy) && g.s.beach?.[to] !== ctx.enemy;
    ctx.sayFogged(
      `${g.sideName(this.side)} fleet move: ${g.label(canoe)} from ${g.space(from).name}${via} to ${g.space(to).name} carrying ${g.list(carry)}${invasion ? ' (invasion)' : ''}.`,
      `${g.sideName(this.side)} fleet move: a canoe fleet from ${g.space(from).name}${via} to ${g.space(to).name} carrying ${countOf(carry)}${invasion ? ' (invasion)' : ''}.`,
      ctx.seers([from, pickup, to]),
    );
    if (invasion && ctx.mode === 'play' && g.rules.seaBattles && !ctx.noSighting) {
      const r = seaBattle(ctx, canoe, carry, to);
      if (r !== 'landed') return;
    }
    const landing = [canoe, ...carry].filter((id) => g.s.units[id]!.at === (id === canoe ? from : pickup));
    this.arrive(landing, to, 'fleet');
  }

  /** System 11.0: move along routes up to the card's allowance; 12.0 rivers when that option is on. */
  private routeMove(units: string[], path: string[]): void {
    const g = this.g;
    const ctx = this.ctx;
    if (path.length < 2) throw new RuleError('a MOVE needs a start and a destination');
    const from = path[0]!;
    this.checkMovers(units, from);
    const steps = path.length - 1;
    for (let i = 1; i < path.length; i++) {
      const a = path[i - 1]!;
      const b = path[i]!;
      if (!g.neighbours(a).some((n) => n.to === b))
        throw new RuleError(`no route from ${g.space(a).name} to ${g.space(b).name}`);
      if (g.neutralHeld(b)) throw new RuleError(`${g.space(b).name} is held by neutral units`);
      if (i < path.length - 1) {
        if (g.hasSide(b, ctx.enemy))
          throw new RuleError(`units entering ${g.space(b).name} (enemy units) must stop there`);
        if (g.space(b).stop) throw new RuleError(`units entering ${g.space(b).name} must stop there (terrain, 11.1)`);
        if (g.opt.riverMovement && g.space(b).river && !this.bridged(b))
          throw new RuleError(`units entering the river space ${g.space(b).name} must stop there`);
      }
    }
    for (const id of units) {
      if (g.opt.riverMovement && g.u(id).fleet)
        throw new RuleError(`${g.u(id).name} is a fleet: move it with FLEET along rivers`);
      const a = this.allowance(id);
      if (a < steps)
        throw new RuleError(`${g.u(id).name} may move ${a} space${a === 1 ? '' : 's'} this turn, not ${steps}`);
    }
    for (const id of units) ctx.moved.add(id);
    const seers = ctx.seers(path);
    this.arrive(units, path[path.length - 1]!, 'land');
    const route = path.map((s) => g.space(s).name).join(' - ');
    ctx.sayFogged(
      `${g.sideName(this.side)} moves ${g.list(units)} ${route}.`,
      `${g.sideName(this.side)} moves ${countOf(units)} ${route}.`,
      seers,
    );
  }

  /** 12.1: a friendly fleet or engineer in a river space lets units pass. */
  private bridged(space: string): boolean {
    return this.g.sideUnitsAt(space, this.side).some((id) => this.g.u(id).fleet || this.g.u(id).engineer);
  }

  /** 12.2-12.3: a fleet moves along river spaces carrying up to three land units. */
  private riverFleetMove(fleet: string, path: string[], carry: string[]): void {
    const g = this.g;
    const ctx = this.ctx;
    if (!g.opt.riverMovement)
      throw new RuleError('fleet transport is the river movement option, not used in this game');
    if (!g.u(fleet).fleet) throw new RuleError(`${g.u(fleet).name} is not a fleet`);
    if (path.length < 2) throw new RuleError('a FLEET move needs a start and a destination');
    const from = path[0]!;
    this.checkMovers([fleet], from);
    if (carry.length) this.checkMovers(carry, from);
    if (carry.length > g.rules.riverFleetCapacity)
      throw new RuleError(`a fleet carries at most ${g.rules.riverFleetCapacity} land units`);
    for (const id of carry) if (g.u(id).fleet) throw new RuleError(`a fleet cannot carry another fleet`);
    const steps = path.length - 1;
    if (this.allowance(fleet) < steps)
      throw new RuleError(`${g.u(fleet).name} may move ${this.allowance(fleet)} spaces this turn, not ${steps}`);
    for (let i = 1; i < path.length; i++) {
      const a = path[i - 1]!;
      const b = path[i]!;
      const r = g.neighbours(a).find((n) => n.to === b);
      if (r?.type !== 'river' || !g.space(b).river)
        throw new RuleError(
          `fleets move only along rivers: ${g.space(a).name} to ${g.space(b).name} is not a river route`,
        );
      if (i < path.length - 1) {
        const enemyFleet = g.sideUnitsAt(b, ctx.enemy).some((id) => g.u(id).fleet);
        const enemyFort = g.isFortFor(b, ctx.enemy) && g.hasSide(b, ctx.enemy);
        if (enemyFleet || enemyFort)
          throw new RuleError(`the fleet must stop at ${g.space(b).name} (enemy fleet or fort)`);
      }
    }
    for (const id of [fleet, ...carry]) ctx.moved.add(id);
    const seers = ctx.seers(path);
    this.arrive([fleet, ...carry], path[path.length - 1]!, 'land');
    const route = path.map((s) => g.space(s).name).join(' - ');
    ctx.sayFogged(
      `${g.sideName(this.side)} fleet ${g.label(fleet)} sails ${route} carrying ${g.list(carry)}.`,
      `${g.sideName(this.side)} fleet sails ${route} carrying ${countOf(carry)}.`,
      seers,
    );
  }

  // ---- 4) Battle Phase ----------------------------------------------------------------------

  /** Spaces where this player must attack. */
  battleSpaces(): string[] {
    const g = this.g;
    return g.landSpaces().filter((s) => g.contested(s) && !this.ctx.noBattle.has(s));
  }

  checkBattleOrder(order: string[]): void {
    this.advanceTo('battle', 'BATTLE');
    const g = this.g;
    const due = this.battleSpaces();
    for (const s of order)
      if (!due.includes(s))
        throw new RuleError(
          `there is no battle at ${g.space(s).name}${due.length ? `; battles: ${due.map((x) => g.space(x).name).join(', ')}` : ''}`,
        );
  }

  battlePhase(order: string[]): void {
    this.advanceTo('battle');
    const g = this.g;
    const ctx = this.ctx;
    const due = this.battleSpaces();
    const seq = [...order.filter((s) => due.includes(s)), ...due.filter((s) => !order.includes(s))];
    seq.forEach((s) => ctx.pending.add(s));
    if (ctx.mode === 'play') {
      for (const s of seq) {
        if (ctx.over) break;
        landBattle(ctx, s);
      }
    }
    ctx.pending.clear();
    this.phaseIndex = PHASES.indexOf('end');
    // Spaces left with both sides (landings after a sea battle) are fought in the next Battle Phase,
    // the landed side attacking from the beach it holds (11.8).
    g.s.contested = g.landSpaces().filter((s) => g.contested(s));
    const before = g.s.beach ?? {};
    const beach: Record<string, string> = {};
    for (const s of g.s.contested) {
      const landed = before[s] ?? (ctx.noBattle.has(s) ? this.side : undefined);
      if (landed !== undefined) beach[s] = landed;
    }
    g.s.beach = beach;
  }

  // ---- 9) end of the player turn --------------------------------------------------------------

  end(): void {
    if (this.phase !== 'end') this.battlePhase([]);
    const g = this.g;
    const deck = g.s.decks[this.side]!;
    const put = (n: number) => {
      if (g.card(this.side, n).removeFromPlay) deck.removed.push(n);
      else deck.discard.push(n);
    };
    if (this.drawn !== null) {
      if (this.holdDrawn) deck.held.push(this.drawn);
      else put(this.drawn);
    }
    if (this.eventFromHeld && this.eventCard !== null) {
      deck.held = deck.held.filter((x) => x !== this.eventCard);
      put(this.eventCard);
    }
    deck.drawn = null;
    if (deck.shuffleAfterOpening && deck.opening.length === 0) {
      deck.draw = shuffle(g.s.rng, [...deck.draw, ...deck.discard]);
      deck.discard = [];
      deck.shuffleAfterOpening = false;
      this.ctx.say(`${g.sideName(this.side)} shuffles the campaign cards into a new deck (6.1).`);
    }
  }
}

/** What the fog of war lets a reader know of a moving stack: how many units, not which (10.0). */
function countOf(ids: string[]): string {
  return ids.length === 0 ? 'nothing' : `${ids.length} unit${ids.length === 1 ? '' : 's'}`;
}

/** Events that happen the instant the card is picked (system 8.0). */
export function immediateEvent(ctx: TurnCtx, side: string, ev: EventData): void {
  const g = ctx.g;
  if (ev.type === 'appeal') appeal(ctx, side, ev.neutral, ev.joinOn);
  else if (ev.type === 'reshuffle') {
    const deck = g.s.decks[side]!;
    deck.draw = shuffle(g.s.rng, [...deck.draw, ...deck.discard]);
    deck.discard = [];
    ctx.say(`${g.sideName(side)} reshuffles the discards into the deck.`);
  } else if (ev.type === 'hook') scenarioHook(g.s.scenario.id, ev.name)(ctx, side);
}

/** Appeal to Kaua'i: on a success the neutral's units join (or switch to) the player. */
export function appeal(ctx: TurnCtx, side: string, neutral: string, joinOn: number[]): void {
  const g = ctx.g;
  const die = ctx.roll();
  const nName = g.sideName(neutral);
  const units = g.unitIds().filter((id) => g.u(id).side === neutral && g.onMap(id));
  if (!joinOn.includes(die)) {
    ctx.say(`Appeal to ${nName}: die ${die}, no effect.`);
    return;
  }
  if (!units.length) {
    ctx.say(`Appeal to ${nName}: die ${die}, but no ${nName} units are left.`);
    return;
  }
  if (units.every((id) => g.s.units[id]!.owner === side)) {
    ctx.say(`Appeal to ${nName}: die ${die}; ${nName} already stands with ${g.sideName(side)}.`);
    return;
  }
  const home = g.s.scenario.neutrals.find((n) => n.id === neutral)!.home;
  const enemy = g.enemy(side);
  const moved: string[] = [];
  for (const id of units) {
    g.s.units[id]!.owner = side;
    const at = g.at(id);
    // A unit that would stand among its new enemies goes home (9.0: they come into play on their island).
    if (at !== home && g.hasSide(at, enemy)) {
      g.s.units[id]!.at = home;
      moved.push(id);
    }
  }
  ctx.say(
    `Appeal to ${nName}: die ${die}; ${nName} joins ${g.sideName(side)}: ${g.list(units)}${moved.length ? ` (${g.list(moved)} return to ${g.space(home).name})` : ''}.`,
  );
  if (g.contested(home)) {
    g.s.contested = [...new Set([...g.s.contested, home])];
    ctx.say(`${g.space(home).name} now holds both sides: a battle there this turn.`);
  }
}
