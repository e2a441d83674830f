// Hawaii 1795: the turn built by tapping. The card (hold or play), recruits from the Recruit Box,
// removals, and moves: tap one of your stacks (on the map or in the list), pick who goes, then tap
// the space they go to (or its button). Each choice becomes a line of the turn, shown as a list to
// reorder or remove before it is sent; the judge reads the lines as the text box would. Only what the
// options offer is offered; the judge still checks the whole turn (a refused turn stores nothing).
// The battles the moves make (where the enemy stands, 11.1) are listed by name, to put in order.
import type { Choices } from '../../../../hand-of-destiny/choices.ts';
import { h, say, svgEl, tellOnMap as tell } from '../../dom.ts';
import { viewOf, type Game, type Hawaii1795View } from '../../types.ts';
import type { HandContext } from './hand.ts';

interface Entry {
  text: string;
  label: string;
  units: string[];
  kind: 'card' | 'remove' | 'recruit' | 'move' | 'fleet' | 'battle' | 'other';
  /** Where a move or fleet move ends (a battle there if the enemy stands there). */
  to?: string;
}

const isStanding = (t: string) => /^\s*stand(ing)?\b/i.test(t);
const isBattle = (t: string) => /^\s*(battles?|attack)\b/i.test(t);
/** The spaces a reading names: "MOVE ... Kona - Hilo" ends at Hilo; "BATTLE Maui, then O'ahu-1" names two. */
const endOf = (reading: string) =>
  /^\s*(move|fleet)\b/i.test(reading)
    ? reading
        .replace(/\s+with\s.*$/i, '')
        .split(/\s+-\s+/)
        .at(-1)
        ?.trim()
    : undefined;
const battleNames = (reading: string) =>
  reading
    .replace(/^\s*\S+\s*/, '')
    .split(/,\s*then\s+|,\s*/)
    .map((x) => x.trim())
    .filter(Boolean);

export function turnPanel(
  g: Game,
  ctx: HandContext,
  names: { unit: (id: string) => string; space: (id: string) => string },
): { card: Node; builder: Node } {
  const o = (ctx.options ?? {}) as Partial<Choices>;
  const role = g.you.role ?? '';
  const view = viewOf<Hawaii1795View>(g);
  const svg = ctx.svg;
  const spaceIds = new Map((view?.spaces ?? []).map((sp) => [sp.name, sp.id]));
  // A stored move names its units as the view does: they are not offered again after a reload.
  const own = (view?.spaces ?? []).flatMap((sp) => sp.units.filter((u) => u.owner === role));
  const esc = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const places = [...spaceIds.keys()].map(esc).join('|');
  // A name stands whole: before a comma, the end, or the space it leaves ("Kamehameha" is not "Kamehameha pike").
  const unitsIn = (reading: string) =>
    own.filter((u) => new RegExp(`(^|[ ,])${esc(u.name)}(?=,|$|\\s+(${places})\\s+-)`).test(reading)).map((u) => u.id);
  // The lines stored for this turn (kept, in their order); the STANDING ones belong to the drawer.
  const entries: Entry[] = ctx.stored
    .filter((l) => l.ok && !isStanding(l.text))
    .map((l) => ({
      text: l.text,
      label: l.reading ?? l.text,
      units: /^\s*(move|fleet)\b/i.test(l.reading ?? '') ? unitsIn(l.reading ?? '') : [],
      kind: /^\s*(hold|keep|play|use)\b/i.test(l.text)
        ? 'card'
        : isBattle(l.text)
          ? 'battle'
          : /^\s*fleet\b/i.test(l.reading ?? '')
            ? 'fleet'
            : /^\s*move\b/i.test(l.reading ?? '')
              ? 'move'
              : 'other',
      to: spaceIds.get(endOf(l.reading ?? '') ?? ''),
    }));
  // The order of battles the player chose (space ids), or null for the judge's default (map order).
  const storedBattle = entries.find((e) => e.kind === 'battle');
  let battleOrder: string[] | null = storedBattle
    ? battleNames(storedBattle.label)
        .map((n) => spaceIds.get(n))
        .filter((x): x is string => !!x)
    : null;
  const standing = () => ctx.stored.filter((l) => l.ok && isStanding(l.text)).map((l) => l.text);
  const used = () => new Set(entries.flatMap((e) => e.units));
  const fleetsUsed = () => entries.filter((e) => e.kind === 'fleet').length;

  // ---- The card: hold or play (the drawn card if it may be held, or a held card).
  const cardBox = h('div', { class: 'choices', role: 'group', 'aria-label': 'Your card' });
  const drawn = o.drawn;
  const held = new Map((o.held ?? []).map((c) => [c.number, c.title]));
  const setCard = (text: string, label: string) => {
    const i = entries.findIndex((e) => e.kind === 'card');
    if (i >= 0) entries.splice(i, 1);
    entries.unshift({ text, label, units: [], kind: 'card' });
    show();
    say(`${label}: added to your turn.`);
  };
  const allows: string[] = [];
  if (o.canHold && drawn) {
    cardBox.append(
      h(
        'button',
        {
          type: 'button',
          class: 'secondary',
          onclick: () => setCard('HOLD', `Hold #${drawn.number} ${drawn.title} for later`),
        },
        `Hold #${drawn.number} for later`,
      ),
    );
  }
  for (const n of o.playable ?? []) {
    const title = n === drawn?.number ? drawn.title : (held.get(n) ?? '');
    cardBox.append(
      h(
        'button',
        { type: 'button', class: 'secondary', onclick: () => setCard(`PLAY ${n}`, `Play #${n} ${title}`) },
        n === drawn?.number ? `Play #${n} now` : `Play #${n} ${title} (held)`,
      ),
    );
  }
  if (drawn && !o.canHold)
    allows.push(
      drawn.event
        ? 'It takes effect by itself this turn: it cannot be held.'
        : 'It takes effect this turn: it cannot be held.',
    );
  if (o.canHold) allows.push('You may hold it for later or play its event now; by default it is held.');
  if ((o.playable ?? []).some((n) => n !== drawn?.number)) allows.push('You may play one held card instead.');
  if (o.fleet)
    allows.push(
      o.fleet.movesLeft
        ? `Fleet moves: ${o.fleet.movesLeft}, each carrying up to ${o.fleet.capacity.units} units and ${o.fleet.capacity.leaders} leaders.`
        : 'No fleet moves.',
    );
  if (o.recruits?.length)
    allows.push(
      `Recruits from your Recruit Box: ${[...new Set(o.recruits.map((r) => names.unit(r.unit)))].join(', ')} (as many as the card recruits).`,
    );
  if (o.removal)
    allows.push(
      `You must remove ${o.removal.count === 1 ? 'one unit' : `${o.removal.count} units`} (choose below; by default the cheapest).`,
    );
  const card = h(
    'div',
    {},
    h('p', { class: 'muted' }, 'This turn:'),
    h('ul', { class: 'allows' }, ...allows.map((a) => h('li', {}, a))),
    cardBox.childElementCount ? cardBox : null,
  );

  // ---- The turn as a list, with its buttons.
  const list = h('ol', { class: 'turn-lines', id: 'turn-lines', 'aria-label': 'Your turn' });
  const show = () => {
    syncBattles();
    list.replaceChildren(
      ...entries.map((e, i) =>
        h(
          'li',
          { 'data-line': e.text },
          h('span', { class: 'line-text' }, e.label),
          h(
            'span',
            { class: 'line-buttons' },
            h(
              'button',
              {
                type: 'button',
                class: 'secondary',
                'aria-label': `Up: ${e.label}`,
                disabled: i === 0,
                onclick: () => {
                  entries.splice(i - 1, 0, ...entries.splice(i, 1));
                  show();
                },
              },
              '↑',
            ),
            h(
              'button',
              {
                type: 'button',
                class: 'secondary',
                'aria-label': `Down: ${e.label}`,
                disabled: i === entries.length - 1,
                onclick: () => {
                  entries.splice(i + 1, 0, ...entries.splice(i, 1));
                  show();
                },
              },
              '↓',
            ),
            h(
              'button',
              {
                type: 'button',
                class: 'secondary',
                'aria-label': `Remove: ${e.label}`,
                onclick: () => {
                  entries.splice(i, 1);
                  if (e.kind === 'battle') battleOrder = null;
                  show();
                  say(`${e.label}: removed.`);
                },
              },
              'Remove',
            ),
          ),
        ),
      ),
    );
    if (!entries.length)
      list.append(h('li', { class: 'muted empty' }, 'Nothing yet: what you leave out takes the defaults.'));
    stacks();
  };
  const add = (e: Entry) => {
    entries.push(e);
    show();
    say(`${e.label}: added to your turn.`);
    tell(`Added: ${e.label}. Tap your next stack, or send the turn.`);
  };
  const sendBtn = h(
    'button',
    {
      type: 'button',
      id: 'send-turn',
      onclick: async () => {
        await ctx.send([...entries.map((e) => e.text), ...standing()]);
        document.querySelector('.side .result')?.scrollIntoView({ block: 'nearest' });
      },
    },
    'Send this turn',
  );

  // ---- Battles: where both sides will stand once the moves are made, fought in the player's order.
  const mapOrder = (view?.spaces ?? []).map((sp) => sp.id);
  const battlesDue = () => {
    const enemy = new Set(o.enemyAt ?? []);
    const due = new Set([...(o.battles ?? []), ...entries.filter((e) => e.to && enemy.has(e.to)).map((e) => e.to!)]);
    return mapOrder.filter((sp) => due.has(sp));
  };
  const battlesInOrder = () => {
    const due = battlesDue();
    return battleOrder
      ? [...battleOrder.filter((b) => due.includes(b)), ...due.filter((b) => !battleOrder!.includes(b))]
      : due;
  };
  const battleBox = h('div', { class: 'battle-order', id: 'battle-order' });
  // The BATTLES line follows the order chosen (one line, last); none while the default stands.
  const syncBattles = () => {
    const order = battlesInOrder();
    const i = entries.findIndex((e) => e.kind === 'battle');
    const line =
      battleOrder && order.length > 1
        ? {
            text: `BATTLES ${order.map(names.space).join(', ')}`,
            label: `Battles in this order: ${order.map(names.space).join(', then ')}`,
            units: [],
            kind: 'battle' as const,
          }
        : null;
    if (i >= 0 && line) entries[i] = line;
    else if (i >= 0) entries.splice(i, 1);
    else if (line) entries.push(line);
    drawBattles(order);
    if (svg) markBattles(svg, order, names.space);
  };
  const moveBattle = (order: string[], i: number, j: number) => {
    const next = [...order];
    next.splice(j, 0, ...next.splice(i, 1));
    battleOrder = next;
    show();
    say(`Battles in this order: ${next.map(names.space).join(', then ')}.`);
  };
  const drawBattles = (order: string[]) => {
    if (!order.length) {
      battleBox.replaceChildren(
        h(
          'p',
          { class: 'muted' },
          'No battle yet: a move or fleet move into a space where the enemy stands makes one, and you attack there in the Battle Phase.',
        ),
      );
      return;
    }
    const parts = [
      h(
        'p',
        {},
        order.length === 1
          ? `One battle, at ${names.space(order[0]!)}: you attack there once the moves are made.`
          : 'You attack in each of these spaces once the moves are made, one battle after another, in this order (a battle can decide the next):',
      ),
      order.length > 1
        ? h(
            'ol',
            { class: 'turn-lines', 'aria-label': 'Order of the battles' },
            ...order.map((sp, i) =>
              h(
                'li',
                { 'data-space': sp },
                h('span', { class: 'line-text' }, names.space(sp)),
                h(
                  'span',
                  { class: 'line-buttons' },
                  h(
                    'button',
                    {
                      type: 'button',
                      class: 'secondary',
                      'aria-label': `Fight ${names.space(sp)} first`,
                      disabled: i === 0,
                      onclick: () => moveBattle(order, i, 0),
                    },
                    'First',
                  ),
                  h(
                    'button',
                    {
                      type: 'button',
                      class: 'secondary',
                      'aria-label': `Earlier: ${names.space(sp)}`,
                      disabled: i === 0,
                      onclick: () => moveBattle(order, i, i - 1),
                    },
                    '↑',
                  ),
                  h(
                    'button',
                    {
                      type: 'button',
                      class: 'secondary',
                      'aria-label': `Later: ${names.space(sp)}`,
                      disabled: i === order.length - 1,
                      onclick: () => moveBattle(order, i, i + 1),
                    },
                    '↓',
                  ),
                ),
              ),
            ),
          )
        : null,
      order.length > 1 && !battleOrder
        ? h('p', { class: 'muted' }, 'Left as it is, they are fought in map order.')
        : null,
    ];
    battleBox.replaceChildren(...parts.filter((x) => x !== null));
  };

  // ---- Removals and recruits: a button each.
  const removal = o.removal
    ? h(
        'div',
        { class: 'choices', role: 'group', 'aria-label': 'Units to remove' },
        ...o.removal.candidates.map((id) =>
          h(
            'button',
            {
              type: 'button',
              class: 'secondary',
              onclick: () => {
                if (used().has(id)) return;
                add({
                  text: `REMOVE ${names.unit(id)}`,
                  label: `Remove ${names.unit(id)}`,
                  units: [id],
                  kind: 'remove',
                });
              },
            },
            `Remove ${names.unit(id)}`,
          ),
        ),
      )
    : null;
  const recruitBox = h('div', { class: 'recruits', id: 'recruit-box' });
  const recruits = () =>
    recruitBox.replaceChildren(
      ...(o.recruits ?? [])
        .filter((r) => !used().has(r.unit))
        .map((r) =>
          h(
            'div',
            { class: 'recruit-row' },
            h('span', {}, names.unit(r.unit)),
            h(
              'span',
              { class: 'choices' },
              ...r.spaces.map((sp) =>
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'secondary',
                    'aria-label': `Recruit ${names.unit(r.unit)} in ${names.space(sp)}`,
                    onclick: () =>
                      add({
                        text: `RECRUIT ${names.unit(r.unit)} ${names.space(sp)}`,
                        label: `Recruit ${names.unit(r.unit)} in ${names.space(sp)}`,
                        units: [r.unit],
                        kind: 'recruit',
                      }),
                  },
                  `in ${names.space(sp)}`,
                ),
              ),
            ),
          ),
        ),
    );

  // ---- Moves: a stack is picked (map or button), then who goes, then where.
  const selection = h('div', { class: 'selection', id: 'h1795-selection', 'aria-live': 'polite' });
  const stackButtons = h('div', { class: 'choices', role: 'group', 'aria-label': 'Your stacks' });
  const mineAt = (space: string) =>
    (view?.spaces?.find((s) => s.id === space)?.units ?? []).filter((u) => u.owner === role);
  const canoesAt = (space: string) => (o.fleet?.canoes ?? []).filter((c) => c.at === space && !used().has(c.canoe));
  const movers = (space: string) =>
    mineAt(space).filter((u) => u.kind !== 'canoe' && u.kind !== 'earthworks' && !used().has(u.id));
  const landTo = (space: string, ids: string[]) => {
    const lm = (o.landMoves ?? []).filter((m) => m.from === space);
    // Where every chosen unit may go.
    return ids.length
      ? (lm.find((m) => m.unit === ids[0])?.to ?? []).filter((to) =>
          ids.every((id) => lm.find((m) => m.unit === id)?.to.includes(to)),
        )
      : [];
  };
  const fleetTo = (space: string) => {
    const f = o.fleet;
    if (!f || fleetsUsed() >= f.movesLeft || !f.pickups.includes(space) || !f.canoes.some((c) => !used().has(c.canoe)))
      return [];
    return f.destinations.filter((d) => d !== space);
  };
  // 10.3: what one canoe carries; more picked, the page says so rather than offer a fleet move the judge refuses.
  const tooMany = (space: string, ids: string[]): string | null => {
    const cap = o.fleet?.capacity;
    if (!cap) return null;
    const leaders = ids.filter((id) => mineAt(space).find((u) => u.id === id)?.kind === 'leader').length;
    const units = ids.length - leaders;
    if (units <= cap.units && leaders <= cap.leaders) return null;
    const n = (k: number, what: string) => `${k} ${what}${k === 1 ? '' : 's'}`;
    return `A canoe carries at most ${n(cap.units, 'unit')} and ${n(cap.leaders, 'leader')} (${n(units, 'unit')} and ${n(leaders, 'leader')} picked): tap the ones to leave behind, and the fleet's destinations appear.`;
  };
  let at: string | null = null;
  let chosen = new Set<string>();
  const select = (space: string | null) => {
    at = space;
    svg?.querySelectorAll('g.stack.selected').forEach((x) => x.classList.remove('selected'));
    if (!space) {
      selection.replaceChildren();
      selection.classList.remove('active');
      tell('Tap one of your stacks on the map (or its button below), then where it goes.');
      return;
    }
    svg?.querySelector(`g.stack[data-space="${space}"][data-side="${role}"]`)?.classList.add('selected');
    // By default every unit that may move by land, else (for a fleet) every unit there.
    const walkers = movers(space).filter((u) => (o.landMoves ?? []).some((m) => m.unit === u.id));
    chosen = new Set((walkers.length ? walkers : movers(space)).map((u) => u.id));
    drawSelection();
    tell(`Selected: your units at ${names.space(space)}. Tap the space they go to, or its button under Your turn.`);
  };
  const go = (to: string, by: 'land' | 'fleet') => {
    if (!at) return;
    const ids = [...chosen];
    const who = ids.map(names.unit).join(', ');
    if (by === 'land')
      add({
        text: `MOVE ${who} ${names.space(at)} - ${names.space(to)}`,
        label: `Move ${who}: ${names.space(at)} → ${names.space(to)}`,
        units: ids,
        kind: 'move',
        to,
      });
    else {
      const canoe = canoesAt(at)[0]?.canoe;
      add({
        text: `FLEET ${names.space(at)} - ${names.space(to)}${ids.length ? ` WITH ${who}` : ''}`,
        label: `Fleet ${names.space(at)} → ${names.space(to)}${ids.length ? ` with ${who}` : ' (empty canoes)'}`,
        units: canoe ? [canoe, ...ids] : ids,
        kind: 'fleet',
        to,
      });
    }
    select(null);
  };
  const drawSelection = () => {
    if (!at) return;
    const space = at;
    const ids = [...chosen];
    const land = landTo(space, ids);
    const load = tooMany(space, ids);
    const fleet = load ? [] : fleetTo(space);
    selection.classList.add('active');
    selection.replaceChildren(
      ...[
        h('p', {}, h('strong', {}, `Your units at ${names.space(space)}`), ': tap to leave one behind.'),
        h(
          'div',
          { class: 'choices', role: 'group', 'aria-label': `Who goes from ${names.space(space)}` },
          ...movers(space).map((u) =>
            h(
              'button',
              {
                type: 'button',
                class: chosen.has(u.id) ? 'picked' : 'secondary',
                'aria-pressed': chosen.has(u.id) ? 'true' : 'false',
                onclick: () => {
                  if (chosen.has(u.id)) chosen.delete(u.id);
                  else chosen.add(u.id);
                  drawSelection();
                },
              },
              `${u.name} (${u.strength})`,
            ),
          ),
        ),
        land.length ? h('p', {}, 'Move by land to:') : null,
        land.length
          ? h(
              'div',
              { class: 'choices' },
              ...land.map((to) =>
                h(
                  'button',
                  { type: 'button', 'data-to': to, 'data-by': 'land', onclick: () => go(to, 'land') },
                  names.space(to),
                ),
              ),
            )
          : null,
        fleet.length ? h('p', {}, `By canoe fleet (${o.fleet!.movesLeft - fleetsUsed()} left) to:`) : null,
        fleet.length
          ? h(
              'div',
              { class: 'choices' },
              ...fleet.map((to) =>
                h(
                  'button',
                  { type: 'button', 'data-to': to, 'data-by': 'fleet', onclick: () => go(to, 'fleet') },
                  names.space(to),
                ),
              ),
            )
          : null,
        load && fleetTo(space).length ? h('p', { id: 'canoe-load' }, h('strong', {}, load)) : null,
        !land.length && !fleet.length && !load
          ? h(
              'p',
              { class: 'muted' },
              ids.length ? 'These units cannot move anywhere together this turn.' : 'Pick at least one unit.',
            )
          : null,
        h('button', { type: 'button', class: 'secondary', onclick: () => select(null) }, 'Cancel'),
      ].filter((x) => x !== null),
    );
    for (const p of svg?.querySelectorAll<SVGPathElement>('path[data-space]') ?? []) {
      const on = land.includes(p.dataset.space!) || fleet.includes(p.dataset.space!);
      p.classList.toggle('destination', on);
      if (on) p.setAttribute('tabindex', '0');
      else p.removeAttribute('tabindex');
    }
  };
  // The stacks that may still do something, as buttons (a finger-sized alternative to the map).
  const stacks = () => {
    recruits();
    const spaces = (view?.spaces ?? [])
      .map((s) => s.id)
      .filter(
        (s) =>
          movers(s).length &&
          (landTo(
            s,
            movers(s)
              .map((u) => u.id)
              .slice(0, 1),
          ).length ||
            fleetTo(s).length),
      );
    stackButtons.replaceChildren(
      ...spaces.map((s) =>
        h('button', { type: 'button', class: 'secondary', 'data-space': s, onclick: () => select(s) }, names.space(s)),
      ),
    );
    for (const el of svg?.querySelectorAll<SVGGElement>(`g.stack[data-side="${role}"]`) ?? [])
      el.classList.toggle('mine', spaces.includes(el.dataset.space!));
    if (at && !spaces.includes(at)) select(null);
    else if (!at)
      for (const p of svg?.querySelectorAll('path.destination') ?? []) {
        p.classList.remove('destination');
        p.removeAttribute('tabindex');
      }
  };
  if (svg) {
    for (const el of svg.querySelectorAll<SVGGElement>(`g.stack[data-side="${role}"]`)) {
      el.setAttribute('tabindex', '0');
      el.setAttribute('role', 'button');
      el.addEventListener('click', (e) => {
        if (!el.classList.contains('mine')) return;
        e.stopPropagation();
        select(el.dataset.space!);
      });
      el.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' && el.classList.contains('mine')) select(el.dataset.space!);
      });
    }
    // Each space listens itself: a tap near a counter is then not snapped to the counter.
    const tapSpace = (to: string) => {
      if (!at || to === at) return;
      if (landTo(at, [...chosen]).includes(to)) go(to, 'land');
      else if (fleetTo(at).includes(to) && tooMany(at, [...chosen])) tell(`${tooMany(at, [...chosen])}`);
      else if (fleetTo(at).includes(to)) go(to, 'fleet');
      else
        tell(
          `Your units at ${names.space(at)} cannot go to ${names.space(to)} this turn: tap a marked space, or Cancel.`,
        );
    };
    for (const p of svg.querySelectorAll<SVGPathElement>('path[data-space]')) {
      p.addEventListener('click', () => tapSpace(p.dataset.space!));
      p.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') tapSpace(p.dataset.space!);
      });
    }
  }
  show();
  tell('Tap one of your stacks on the map (or its button below), then where it goes.');
  const builder = h(
    'section',
    { class: 'turn', 'aria-labelledby': 'turn-title' },
    h('h2', { id: 'turn-title' }, 'Your turn'),
    selection,
    o.landMoves?.length || o.fleet?.movesLeft
      ? h('div', {}, h('p', { class: 'muted' }, 'Move: tap one of your stacks on the map, or here:'), stackButtons)
      : null,
    removal ? h('div', {}, h('p', { class: 'muted' }, 'Remove:'), removal) : null,
    o.recruits?.length ? h('div', {}, h('p', { class: 'muted' }, 'Recruit from your Recruit Box:'), recruitBox) : null,
    h('h3', {}, 'Battles'),
    battleBox,
    h('h3', {}, 'The lines of your turn'),
    list,
    h(
      'p',
      { class: 'muted' },
      'They are carried out in the order of the turn (card, removals, recruits, moves, battles); moves in the order of this list.',
    ),
    sendBtn,
  );
  return { card, builder };
}

/**
 * The battles this turn will fight, marked on the map: a ring around the stacks of each space and
 * its place in the order, read out by name. Only where the reader's view already shows both sides
 * (the enemy's counter, hidden or not): it tells nothing the fog hides.
 */
export function markBattles(
  svg: SVGSVGElement,
  order: string[],
  spaceName: (id: string) => string,
  says = 'you attack there once the moves are made',
): void {
  let layer = svg.querySelector<SVGGElement>('g.battles');
  if (!layer) {
    // Over the counters, yet a tap goes through to them and to the space.
    layer = svgEl('g', { class: 'battles', 'pointer-events': 'none' });
    (svg.querySelector('g.stacks') ?? svg.lastElementChild)?.after(layer);
  }
  layer.replaceChildren();
  order.forEach((space, i) => {
    const rects = [...svg.querySelectorAll<SVGGElement>(`g.stack[data-space="${CSS.escape(space)}"] > rect`)].map(
      (r) => ({
        x0: Number(r.getAttribute('x')),
        y0: Number(r.getAttribute('y')),
        x1: Number(r.getAttribute('x')) + Number(r.getAttribute('width')),
        y1: Number(r.getAttribute('y')) + Number(r.getAttribute('height')),
      }),
    );
    if (!rects.length) return;
    const x0 = Math.min(...rects.map((r) => r.x0)),
      x1 = Math.max(...rects.map((r) => r.x1));
    const y0 = Math.min(...rects.map((r) => r.y0)),
      y1 = Math.max(...rects.map((r) => r.y1));
    const label = `Battle at ${spaceName(space)}${order.length > 1 ? `, ${i + 1} of ${order.length}` : ''}: ${says}`;
    const g = svgEl('g', { class: 'battle', role: 'img', 'aria-label': label });
    g.dataset.space = space;
    g.dataset.at = `${(x0 + x1) / 2},${(y0 + y1) / 2}`;
    // Around the counters, their corners in.
    g.dataset.r = String(Math.hypot(x1 - x0, y1 - y0) / 2 + 3);
    const title = svgEl('title', {});
    title.textContent = label;
    const stroke = { 'vector-effect': 'non-scaling-stroke' };
    const ring = svgEl('circle', { class: 'ring', fill: 'none', stroke: '#D55E00', 'stroke-width': '3.5', ...stroke });
    const badge = svgEl('circle', {
      class: 'badge',
      fill: '#D55E00',
      stroke: '#fff',
      'stroke-width': '1.5',
      ...stroke,
    });
    // Crossed spears and the battle's place in the order (⚔ where one battle alone is due).
    const text = svgEl('text', {
      fill: '#fff',
      'font-weight': 'bold',
      'text-anchor': 'middle',
      'dominant-baseline': 'central',
    });
    text.textContent = order.length > 1 ? String(i + 1) : '⚔';
    g.append(title, ring, badge, text);
    layer.append(g);
  });
  placeBattles(svg);
}

/** The rings follow the counters' scale; the badge stays a finger's width on screen (18 px and more). */
function placeBattles(svg: SVGSVGElement): void {
  const vb = svg.viewBox.baseVal;
  const width = svg.getBoundingClientRect().width;
  if (!vb?.width || !width) return;
  const px = width / vb.width;
  for (const g of svg.querySelectorAll<SVGGElement>('g.battles g.battle')) {
    const [x, y] = g.dataset.at!.split(',').map(Number) as [number, number];
    const r = Number(g.dataset.r) * stackScale(px) + 4 / px;
    const b = Math.max(6, 10 / px);
    const ring = g.querySelector('circle.ring')!,
      badge = g.querySelector('circle.badge')!,
      text = g.querySelector('text')!;
    ring.setAttribute('cx', String(x));
    ring.setAttribute('cy', String(y));
    ring.setAttribute('r', String(r));
    const [bx, by] = [x + r * 0.72, y - r * 0.72];
    badge.setAttribute('cx', String(bx));
    badge.setAttribute('cy', String(by));
    badge.setAttribute('r', String(b));
    text.setAttribute('x', String(bx));
    text.setAttribute('y', String(by));
    text.setAttribute('font-size', String(b * 1.25));
  }
}

/** A counter 26 units wide is scaled to 24 px at least on screen, at most 2.4 times. */
const stackScale = (px: number, w = 26) => Math.min(2.4, Math.max(1, 24 / (w * px)));

/** Counters big enough for a finger on a narrow map: scaled up around their centre, as far as the zoom leaves them small. */
export function scaleStacks(svg: SVGSVGElement): void {
  const rescale = () => {
    const vb = svg.viewBox.baseVal;
    const width = svg.getBoundingClientRect().width;
    if (!vb?.width || !width) return;
    const px = width / vb.width;
    for (const el of svg.querySelectorAll<SVGGElement>('g.stack')) {
      const r = el.querySelector('rect');
      if (!r) continue;
      const w = Number(r.getAttribute('width')),
        x = Number(r.getAttribute('x')) + w / 2,
        y = Number(r.getAttribute('y')) + Number(r.getAttribute('height')) / 2;
      const k = stackScale(px, w);
      if (k > 1) el.setAttribute('transform', `translate(${x} ${y}) scale(${k.toFixed(2)}) translate(${-x} ${-y})`);
      else el.removeAttribute('transform');
    }
    placeBattles(svg);
  };
  rescale();
  addEventListener('resize', rescale);
  const box = svg.parentElement;
  if (box) new MutationObserver(rescale).observe(box, { attributes: true, attributeFilter: ['style'] });
}
