// The movement resolver: decides every order of a movement phase.
//
// It follows the algorithm of the DATC (section 5) as godip does: each order has one yes/no
// decision (a move succeeds, a support is given, a convoying fleet stays), decided on demand
// with explicit guesses. When a decision depends on itself, both guesses are tried; if both
// are consistent and differ, the dependency cycle is a circular movement (all its moves
// succeed) or, when a convoy is involved, a convoy paradox settled by the Szykman rule (the
// convoyed armies in the paradox do not move).
//
// Everything here is on dense integer arrays built by the movement phase (movement.ts);
// no strings, no maps, no allocation per decision.

export const HOLD = 0;
export const MOVE = 1;
export const SUPPORT = 2;
export const CONVOY = 3;
/** Heiau `= B` and `= C`: the unit stays put like a holding unit. */
export const SPECIAL = 4;

const UNRESOLVED = 0;
const GUESSING = 1;
const RESOLVED = 2;

export interface ResolverInput {
  /** Number of units. */
  n: number;
  /** Province of each unit. */
  prov: Int32Array;
  /** Power index of each unit. */
  power: Int32Array;
  /** Order kind of each unit (HOLD for illegal and unordered units). */
  kind: Int8Array;
  /** MOVE: destination province. SUPPORT: province the support is given into. CONVOY: destination. */
  dst: Int32Array;
  /** MOVE: 1 when the move goes by convoy. */
  convoyed: Uint8Array;
  /** SUPPORT / CONVOY: the unit supported or convoyed (-1 when the support or convoy is void). */
  target: Int32Array;
  /** Unit standing in each province at the start, or -1. */
  unitAt: Int32Array;
  /** Convoy-route adjacency between units' provinces, for path finding (see pathExists). */
  convoyAdjacent: (fromProv: number, toProv: number) => boolean;
}

export interface Resolution {
  /** Decision per unit: MOVE succeeds / SUPPORT given / CONVOY fleet not dislodged. */
  decision: Uint8Array;
  /** MOVE by convoy: 1 when a convoy route held (after any paradox rule). */
  pathOk: Uint8Array;
  /** Moves into each province (units). */
  movesInto: Int32Array[];
  /** 1 for a convoyed move the Szykman rule stopped, and for the convoying fleets in that paradox. */
  paradox: Uint8Array;
}

export function resolve(input: ResolverInput): Resolution {
  const { n, prov, power, kind, dst, convoyed, target, unitAt } = input;
  const P = unitAt.length;

  // Index moves by destination, supports by supported unit, convoys by convoyed unit.
  const movesIntoList: number[][] = [];
  for (let p = 0; p < P; p++) movesIntoList.push([]);
  const supportsOf: number[][] = [];
  const convoysOf: number[][] = [];
  for (let u = 0; u < n; u++) {
    supportsOf.push([]);
    convoysOf.push([]);
  }
  for (let u = 0; u < n; u++) {
    const k = kind[u];
    if (k === MOVE) movesIntoList[dst[u]].push(u);
    else if (k === SUPPORT && target[u] >= 0) supportsOf[target[u]].push(u);
    else if (k === CONVOY && target[u] >= 0) convoysOf[target[u]].push(u);
  }
  const movesInto = movesIntoList.map((l) => Int32Array.from(l));

  const state = new Uint8Array(n);
  const result = new Uint8Array(n);
  const noPath = new Uint8Array(n); // Szykman: convoyed move settled as having no route
  const deps: number[] = [];
  // Counts reads of guessed decisions. A decision that read a guess is not settled, even when
  // that guess was already on the dependency list (the list alone would not grow then).
  let guessReads = 0;

  const isMove = (u: number) => kind[u] === MOVE;

  /** Head-to-head: u and the unit in its destination move into each other's province, neither by convoy. */
  function opponent(u: number): number {
    const o = unitAt[dst[u]];
    if (o >= 0 && kind[o] === MOVE && dst[o] === prov[u] && !convoyed[o] && !convoyed[u]) return o;
    return -1;
  }

  function pathOk(u: number): boolean {
    if (!convoyed[u]) return true;
    if (noPath[u]) return false;
    const fleets = convoysOf[u];
    if (fleets.length === 0) return false;
    // Breadth-first over the convoying fleets that stay in place.
    const src = prov[u];
    const to = dst[u];
    const seen = new Uint8Array(fleets.length);
    const queue: number[] = [];
    for (let i = 0; i < fleets.length; i++) {
      if (input.convoyAdjacent(src, prov[fleets[i]]) && decide(fleets[i])) {
        seen[i] = 1;
        queue.push(i);
      }
    }
    for (let q = 0; q < queue.length; q++) {
      const f = fleets[queue[q]];
      if (input.convoyAdjacent(prov[f], to)) return true;
      for (let i = 0; i < fleets.length; i++) {
        if (!seen[i] && input.convoyAdjacent(prov[f], prov[fleets[i]]) && decide(fleets[i])) {
          seen[i] = 1;
          queue.push(i);
        }
      }
    }
    return false;
  }

  function supportCount(u: number, excludePower: number): number {
    let s = 0;
    const sup = supportsOf[u];
    for (let i = 0; i < sup.length; i++) {
      const v = sup[i];
      if (power[v] !== excludePower && decide(v)) s++;
    }
    return s;
  }

  function attackStrength(u: number): number {
    if (!pathOk(u)) return 0;
    const o = unitAt[dst[u]];
    if (o < 0 || (opponent(u) < 0 && isMove(o) && decide(o))) return 1 + supportCount(u, -1);
    if (power[o] === power[u]) return 0;
    return 1 + supportCount(u, power[o]);
  }

  function holdStrength(p: number): number {
    const o = unitAt[p];
    if (o < 0) return 0;
    if (isMove(o)) return decide(o) ? 0 : 1;
    return 1 + supportCount(o, -1);
  }

  function preventStrength(u: number): number {
    if (!pathOk(u)) return 0;
    const o = opponent(u);
    if (o >= 0 && decide(o)) return 0;
    return 1 + supportCount(u, -1);
  }

  function moveSucceeds(u: number): boolean {
    if (!pathOk(u)) return false;
    const attack = attackStrength(u);
    const o = opponent(u);
    if (o >= 0) {
      if (attack <= 1 + supportCount(o, -1)) return false;
    } else if (attack <= holdStrength(dst[u])) return false;
    const others = movesInto[dst[u]];
    for (let i = 0; i < others.length; i++) {
      const m = others[i];
      if (m !== u && attack <= preventStrength(m)) return false;
    }
    return true;
  }

  function dislodged(u: number): boolean {
    const attackers = movesInto[prov[u]];
    for (let i = 0; i < attackers.length; i++) if (decide(attackers[i])) return true;
    return false;
  }

  function supportGiven(u: number): boolean {
    const attackers = movesInto[prov[u]];
    const into = dst[u];
    for (let i = 0; i < attackers.length; i++) {
      const m = attackers[i];
      if (power[m] === power[u]) continue;
      if (prov[m] === into) {
        // An attack from where the support goes cuts it only by dislodging the supporter.
        if (decide(m)) return false;
        continue;
      }
      if (pathOk(m)) return false;
    }
    return true;
  }

  function adjudicate(u: number): boolean {
    switch (kind[u]) {
      case MOVE:
        return moveSucceeds(u);
      case SUPPORT:
        return supportGiven(u);
      case CONVOY:
        return !dislodged(u);
      default:
        return false;
    }
  }

  function decide(u: number): boolean {
    const s = state[u];
    if (s === RESOLVED) return result[u] === 1;
    if (s === GUESSING) {
      guessReads++;
      if (!deps.includes(u)) deps.push(u);
      return result[u] === 1;
    }
    const mark = deps.length;
    const reads = guessReads;
    state[u] = GUESSING;
    result[u] = 0;
    const first = adjudicate(u);
    if (deps.length === mark && guessReads === reads) {
      // Independent of any guess.
      if (state[u] !== RESOLVED) {
        state[u] = RESOLVED;
        result[u] = first ? 1 : 0;
      }
      return first;
    }
    if (deps[mark] !== u) {
      // Part of a larger cycle whose guess is made further up.
      deps.push(u);
      result[u] = first ? 1 : 0;
      return first;
    }
    // Our own guess matters: try the other one.
    for (let i = mark; i < deps.length; i++) state[deps[i]] = UNRESOLVED;
    deps.length = mark;
    state[u] = GUESSING;
    result[u] = 1;
    const second = adjudicate(u);
    if (first === second) {
      for (let i = mark; i < deps.length; i++) state[deps[i]] = UNRESOLVED;
      deps.length = mark;
      state[u] = RESOLVED;
      result[u] = first ? 1 : 0;
      return first;
    }
    backupRule(mark);
    return decide(u);
  }

  function backupRule(mark: number) {
    const cycle = deps.slice(mark);
    deps.length = mark;
    const convoysInCycle = cycle.filter((u) => kind[u] === CONVOY);
    if (convoysInCycle.length > 0) {
      // Szykman: every convoyed move that depends on a convoy in the paradox fails to move.
      for (const f of convoysInCycle) {
        noPath[f] = 1;
        const u = target[f];
        if (u >= 0 && convoyed[u]) noPath[u] = 1;
      }
      for (const u of cycle) if (state[u] !== RESOLVED) state[u] = UNRESOLVED;
      for (const u of cycle) {
        if (kind[u] === MOVE && noPath[u]) {
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

  for (let u = 0; u < n; u++) if (kind[u] === MOVE || kind[u] === SUPPORT || kind[u] === CONVOY) decide(u);

  const pathFlags = new Uint8Array(n);
  for (let u = 0; u < n; u++) if (kind[u] === MOVE) pathFlags[u] = pathOk(u) ? 1 : 0;
  return { decision: result, pathOk: pathFlags, movesInto, paradox: noPath };
}
