// The movement resolver: decides every order of a movement phase.
//
// It follows the algorithm of the DATC (section 5) as godip does: each order has one yes/no
// decision (a move succeeds, a support is given, a convoying fleet stays), decided on demand
// with explicit guesses. When a decision depends on itself, both guesses are tried; if both
// are consistent and differ, the dependency cycle is a circular movement (all its moves
// succeed) or, when a convoy is involved, a convoy paradox settled by the Szykman rule (the
// convoyed armies in the paradox do not move).
//
// Everything here is on dense integer arrays that the caller fills (movement.ts). The arrays
// are kept per map and reused from phase to phase: allocating them anew cost more than the
// adjudication itself.

export const HOLD = 0;
export const MOVE = 1;
export const SUPPORT = 2;
export const CONVOY = 3;

const UNRESOLVED = 0;
const GUESSING = 1;
const RESOLVED = 2;

export class Resolver {
  /** Number of units this phase. */
  n = 0;
  // Per unit, filled by the caller.
  readonly prov: Int32Array;
  readonly power: Int32Array;
  readonly kind: Int8Array;
  /** MOVE: destination province. SUPPORT: province the support is given into. CONVOY: destination. */
  readonly dst: Int32Array;
  /** MOVE: 1 when the move goes by convoy. */
  readonly convoyed: Uint8Array;
  /** SUPPORT / CONVOY: the unit supported or convoyed (-1 when void or not needed). */
  readonly target: Int32Array;
  /** Unit standing in each province at the start, or -1. */
  readonly unitAt: Int32Array;
  // Results.
  /** Decision per unit: MOVE succeeds / SUPPORT given / CONVOY fleet not dislodged. */
  readonly result: Uint8Array;
  /** 1 for a convoyed move the Szykman rule stopped, and for the convoying fleets in that paradox. */
  readonly paradox: Uint8Array;
  // Moves into each province, supports of each unit, convoys of each unit: compressed rows.
  readonly movesStart: Int32Array;
  readonly movesItems: Int32Array;
  private readonly supStart: Int32Array;
  private readonly supItems: Int32Array;
  private readonly convStart: Int32Array;
  private readonly convItems: Int32Array;
  private readonly state: Uint8Array;
  // The dependency list of the guess algorithm (a plain array: a unit may be listed more than once).
  private readonly deps: number[] = [];
  private depCount = 0;
  private guessReads = 0;
  private readonly fill: Int32Array;

  constructor(
    provinces: number,
    /** adj[a*P+b] = 1 when provinces a and b touch for convoy routes. */
    readonly convoyAdj: Uint8Array,
  ) {
    const P = provinces;
    this.prov = new Int32Array(P);
    this.power = new Int32Array(P);
    this.kind = new Int8Array(P);
    this.dst = new Int32Array(P);
    this.convoyed = new Uint8Array(P);
    this.target = new Int32Array(P);
    this.unitAt = new Int32Array(P);
    this.result = new Uint8Array(P);
    this.paradox = new Uint8Array(P);
    this.movesStart = new Int32Array(P + 1);
    this.movesItems = new Int32Array(P);
    this.supStart = new Int32Array(P + 1);
    this.supItems = new Int32Array(P);
    this.convStart = new Int32Array(P + 1);
    this.convItems = new Int32Array(P);
    this.state = new Uint8Array(P);
    this.fill = new Int32Array(P + 1);
  }

  /** Resets the per-unit arrays for `n` units (the province arrays are the caller's to fill). */
  begin(n: number) {
    this.n = n;
    this.kind.fill(0, 0, n);
    this.convoyed.fill(0, 0, n);
    this.target.fill(-1, 0, n);
    this.unitAt.fill(-1);
  }

  private index(start: Int32Array, items: Int32Array, key: (u: number) => number, slots: number) {
    const n = this.n;
    start.fill(0, 0, slots + 1);
    for (let u = 0; u < n; u++) {
      const k = key(u);
      if (k >= 0) start[k + 1]++;
    }
    for (let i = 0; i < slots; i++) start[i + 1] += start[i];
    const fill = this.fill;
    fill.set(start.subarray(0, slots));
    for (let u = 0; u < n; u++) {
      const k = key(u);
      if (k >= 0) items[fill[k]++] = u;
    }
  }

  /** Decides every order. */
  run() {
    const n = this.n;
    const { kind, dst, target } = this;
    this.index(this.movesStart, this.movesItems, (u) => (kind[u] === MOVE ? dst[u] : -1), this.unitAt.length);
    this.index(this.supStart, this.supItems, (u) => (kind[u] === SUPPORT ? target[u] : -1), n);
    this.index(this.convStart, this.convItems, (u) => (kind[u] === CONVOY ? target[u] : -1), n);
    this.state.fill(UNRESOLVED, 0, n);
    this.result.fill(0, 0, n);
    this.paradox.fill(0, 0, n);
    this.depCount = 0;
    this.guessReads = 0;
    for (let u = 0; u < n; u++) if (kind[u] !== HOLD) this.decide(u);
  }

  /** Head-to-head opponent: the unit in u's destination moving into u's province, neither by convoy. */
  opponent(u: number): number {
    const o = this.unitAt[this.dst[u]];
    if (o >= 0 && this.kind[o] === MOVE && this.dst[o] === this.prov[u] && !this.convoyed[o] && !this.convoyed[u])
      return o;
    return -1;
  }

  /** A move has a route: over land, or by convoy through fleets that stay in place. */
  pathOk(u: number): boolean {
    if (!this.convoyed[u]) return true;
    if (this.paradox[u]) return false;
    const s = this.convStart[u];
    const e = this.convStart[u + 1];
    if (s === e) return false;
    const P = this.unitAt.length;
    const adj = this.convoyAdj;
    const src = this.prov[u];
    const to = this.dst[u];
    // Local state: deciding a fleet may decide another convoyed move's route meanwhile.
    const seen: boolean[] = [];
    const queue: number[] = [];
    for (let i = s; i < e; i++) {
      const f = this.convItems[i];
      if (adj[src * P + this.prov[f]] && this.decide(f)) {
        seen[i - s] = true;
        queue.push(f);
      }
    }
    for (let head = 0; head < queue.length; head++) {
      const fp = this.prov[queue[head]];
      if (adj[fp * P + to]) return true;
      for (let i = s; i < e; i++) {
        const f = this.convItems[i];
        if (!seen[i - s] && adj[fp * P + this.prov[f]] && this.decide(f)) {
          seen[i - s] = true;
          queue.push(f);
        }
      }
    }
    return false;
  }

  private supportCount(u: number, excludePower: number): number {
    let count = 0;
    for (let i = this.supStart[u], e = this.supStart[u + 1]; i < e; i++) {
      const v = this.supItems[i];
      if (this.power[v] !== excludePower && this.decide(v)) count++;
    }
    return count;
  }

  private attackStrength(u: number): number {
    if (!this.pathOk(u)) return 0;
    const o = this.unitAt[this.dst[u]];
    if (o < 0 || (this.opponent(u) < 0 && this.kind[o] === MOVE && this.decide(o))) return 1 + this.supportCount(u, -1);
    if (this.power[o] === this.power[u]) return 0;
    return 1 + this.supportCount(u, this.power[o]);
  }

  private holdStrength(p: number): number {
    const o = this.unitAt[p];
    if (o < 0) return 0;
    if (this.kind[o] === MOVE) return this.decide(o) ? 0 : 1;
    return 1 + this.supportCount(o, -1);
  }

  private preventStrength(u: number): number {
    if (!this.pathOk(u)) return 0;
    const o = this.opponent(u);
    if (o >= 0 && this.decide(o)) return 0;
    return 1 + this.supportCount(u, -1);
  }

  private moveSucceeds(u: number): boolean {
    if (!this.pathOk(u)) return false;
    const attack = this.attackStrength(u);
    const o = this.opponent(u);
    if (o >= 0) {
      if (attack <= 1 + this.supportCount(o, -1)) return false;
    } else if (attack <= this.holdStrength(this.dst[u])) return false;
    const d = this.dst[u];
    for (let i = this.movesStart[d], e = this.movesStart[d + 1]; i < e; i++) {
      const m = this.movesItems[i];
      if (m !== u && attack <= this.preventStrength(m)) return false;
    }
    return true;
  }

  private dislodged(u: number): boolean {
    const p = this.prov[u];
    for (let i = this.movesStart[p], e = this.movesStart[p + 1]; i < e; i++)
      if (this.decide(this.movesItems[i])) return true;
    return false;
  }

  private supportGiven(u: number): boolean {
    const p = this.prov[u];
    const into = this.dst[u];
    for (let i = this.movesStart[p], e = this.movesStart[p + 1]; i < e; i++) {
      const m = this.movesItems[i];
      if (this.power[m] === this.power[u]) continue;
      if (this.prov[m] === into) {
        // An attack from where the support goes cuts it only by dislodging the supporter.
        if (this.decide(m)) return false;
        continue;
      }
      if (this.pathOk(m)) return false;
    }
    return true;
  }

  private adjudicate(u: number): boolean {
    switch (this.kind[u]) {
      case MOVE:
        return this.moveSucceeds(u);
      case SUPPORT:
        return this.supportGiven(u);
      case CONVOY:
        return !this.dislodged(u);
      default:
        return false;
    }
  }

  private inDeps(u: number, from: number): boolean {
    for (let i = from; i < this.depCount; i++) if (this.deps[i] === u) return true;
    return false;
  }

  decide(u: number): boolean {
    const s = this.state[u];
    if (s === RESOLVED) return this.result[u] === 1;
    if (s === GUESSING) {
      // A decision that read a guess is not settled, even when the guess was already listed.
      this.guessReads++;
      if (!this.inDeps(u, 0)) this.deps[this.depCount++] = u;
      return this.result[u] === 1;
    }
    const mark = this.depCount;
    const reads = this.guessReads;
    this.state[u] = GUESSING;
    this.result[u] = 0;
    const first = this.adjudicate(u);
    if (this.depCount === mark && this.guessReads === reads) {
      // Independent of any guess.
      if (this.state[u] !== RESOLVED) {
        this.state[u] = RESOLVED;
        this.result[u] = first ? 1 : 0;
      }
      return first;
    }
    if (this.depCount === mark || this.deps[mark] !== u) {
      // Part of a larger cycle whose guess is made further up.
      this.deps[this.depCount++] = u;
      this.result[u] = first ? 1 : 0;
      return first;
    }
    // Our own guess matters: try the other one.
    for (let i = mark; i < this.depCount; i++) this.state[this.deps[i]] = UNRESOLVED;
    this.depCount = mark;
    this.state[u] = GUESSING;
    this.result[u] = 1;
    const second = this.adjudicate(u);
    if (first === second) {
      for (let i = mark; i < this.depCount; i++) this.state[this.deps[i]] = UNRESOLVED;
      this.depCount = mark;
      this.state[u] = RESOLVED;
      this.result[u] = first ? 1 : 0;
      return first;
    }
    this.backupRule(mark);
    return this.decide(u);
  }

  private backupRule(mark: number) {
    const cycle = this.deps.slice(mark, this.depCount);
    this.depCount = mark;
    const { kind, state, result, paradox, target, convoyed } = this;
    const convoys = cycle.filter((u) => kind[u] === CONVOY);
    if (convoys.length > 0) {
      // Szykman: every convoyed move that depends on a convoy in the paradox fails to move.
      for (const f of convoys) {
        paradox[f] = 1;
        const u = target[f];
        if (u >= 0 && convoyed[u]) paradox[u] = 1;
      }
      for (const u of cycle) if (state[u] !== RESOLVED) state[u] = UNRESOLVED;
      for (const u of cycle) {
        if (kind[u] === MOVE && paradox[u]) {
          state[u] = RESOLVED;
          result[u] = 0;
        }
      }
      return;
    }
    // Circular movement: all moves in the cycle succeed.
    for (const u of cycle) {
      if (kind[u] === MOVE) {
        state[u] = RESOLVED;
        result[u] = 1;
      } else state[u] = UNRESOLVED;
    }
  }
}
