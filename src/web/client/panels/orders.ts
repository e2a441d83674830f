// A player's orders: lists of each unit's orders (Diplomacy), the offered actions (Aloha, Maori
// Wars), the text box, readiness and the readings of what was sent. A submission with a line the
// judge cannot read stores nothing: the page says so, shows the orders still in force and keeps
// what the player wrote, to be fixed.
import { ApiError, get, put, type ReadLine } from '../api.ts';
import { h, say, showError } from '../dom.ts';
import { power, stamp, when } from '../format.ts';
import { movedOn } from '../live.ts';
import { drawOrders } from '../map/orders.ts';
import { diplomacyMapClicks, type BuildPicker } from '../games/diplomacy/orders.ts';
import { alohaPanel } from '../games/aloha/panel.ts';
import { handPanel } from '../games/hawaii1795/hand.ts';
import { mwActionLists } from '../games/maori-wars/actions.ts';
import { mwMapClicks, mwOwnStacks } from '../games/maori-wars/map.ts';
import { optionsOf, viewOf, type AlohaView, type Game, type MaoriWarsView } from '../types.ts';
import { inForce, readingsList, refusedLines } from './readings.ts';

export async function ordersPanel(id: string, g: Game, side: HTMLElement, svg: SVGSVGElement | null): Promise<void> {
  const phase = g.phase!;
  const role = g.you.role ?? '';
  const current = await get('/games/{gameId}/orders', { params: { gameId: id } }).catch(() => null);
  const optsReply = await get('/games/{gameId}/options', { params: { gameId: id } }).catch(() => null);
  const opts = optionsOf(optsReply);
  const units = opts?.units ?? [];
  const chosen = new Map<string, string>();
  for (const line of current?.lines ?? [])
    if (line.ok) {
      const u = units.find((x) => line.reading?.startsWith(`${x.type} ${x.name}`));
      if (u) chosen.set(u.unit, line.text);
    }
  const result = h('div', { class: 'result', 'aria-live': 'polite' });
  const selects = new Map<string, HTMLSelectElement>();
  const list = h('div', { class: 'orders' });
  for (const u of units) {
    const none =
      opts?.phase === 'retreat'
        ? '(no order: disbanded)'
        : opts?.phase === 'adjustment'
          ? '(no order: stays)'
          : '(no order: holds)';
    const sel = h(
      'select',
      { id: `order-${u.unit}`, 'data-unit': u.unit },
      h('option', { value: '' }, none),
      ...u.orders.map((o) => h('option', { value: o.text }, o.text)),
    );
    sel.value = chosen.get(u.unit) ?? '';
    selects.set(u.unit, sel);
    list.append(h('div', { class: 'order-row' }, h('label', { for: `order-${u.unit}` }, `${u.type} ${u.name}`), sel));
  }
  // Adjustments: the builds due, each picked from the list or by tapping a build site on the map.
  const buildOptions = opts?.adjustment && opts.adjustment.due > 0 ? opts.adjustment.builds : [];
  const built: string[] = (current?.lines ?? [])
    .filter((l) => l.ok && buildOptions.some((o) => o.text === l.text || o.order === l.text))
    .map((l) => buildOptions.find((o) => o.text === l.text || o.order === l.text)!.text);
  const buildBox = h('div', { class: 'builds', id: 'builds' });
  // What is in force (stored and read), and the line saying so and what remains to do.
  let stored: ReadLine[] = (current?.lines ?? []).filter((l) => l.ok);
  const state = h('p', { class: 'next-step', id: 'orders-state' });
  const builds: BuildPicker = {
    options: buildOptions,
    left: () => (opts?.adjustment?.due ?? 0) - built.length,
    add: (o) => {
      if (builds.left() > 0 && (o.kind === 'waive' || !built.includes(o.text))) {
        built.push(o.text);
        showBuilds();
        say(`${o.text}: added.`);
      }
    },
  };
  const site = (t: string) =>
    buildOptions
      .find((o) => o.text === t)
      ?.order.split(' ')[2]
      ?.split('/')[0];
  const showBuilds = () => {
    const left = builds.left();
    buildBox.replaceChildren(
      h(
        'p',
        { class: 'builds-left' },
        h('strong', {}, left === 1 ? '1 build left' : `${left} builds left`),
        ` of ${opts?.adjustment?.due ?? 0}.`,
      ),
      built.length
        ? h(
            'ul',
            { class: 'built' },
            ...built.map((t, i) =>
              h(
                'li',
                {},
                t,
                ' ',
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'secondary',
                    'aria-label': `Remove ${t}`,
                    onclick: () => {
                      built.splice(i, 1);
                      showBuilds();
                    },
                  },
                  'Remove',
                ),
              ),
            ),
          )
        : '',
      left > 0
        ? h(
            'div',
            { class: 'choices' },
            ...buildOptions
              .filter((o) => o.kind === 'waive' || !built.some((b) => site(b) === site(o.text)))
              .map((o) => h('button', { type: 'button', class: 'secondary', onclick: () => builds.add(o) }, o.text)),
          )
        : '',
    );
    builds.changed?.();
    redraw();
    showState();
  };
  const picked = () =>
    [...selects.entries()]
      .filter(([, sel]) => sel.value)
      .map(([unit, sel]) => ({
        unit,
        text: sel.value,
        order: String(units.find((u) => u.unit === unit)?.orders.find((o) => o.text === sel.value)?.order ?? ''),
      }));
  const redraw = (sent = false) => {
    if (svg) drawOrders(svg, picked(), sent);
  };
  // Diplomacy's forms (units' orders, builds): the line above them says what is in force and what remains.
  const tapped = units.length > 0 || buildOptions.length > 0;
  function showState(): void {
    if (!tapped) return;
    const inForce = stored.map((l) => l.reading ?? l.text);
    const listed = inForce.join('; ');
    const form = [...picked().map((p) => p.text), ...built];
    const key = (xs: string[]) => JSON.stringify([...xs].map((x) => x.toLowerCase()).sort());
    const sent = stored.length > 0 && key(inForce) === key(form);
    const until = `until the deadline (${when(phase.deadlineAt)})`;
    const pending = stored.length ? ` Until you send, the orders in force are: ${listed}.` : '';
    let text: string;
    if (buildOptions.length) {
      const left = builds.left();
      const due = opts?.adjustment?.due ?? 0;
      const place = 'tap a marked build site on the map, or pick it below (Waive for a build you do not take)';
      text = sent
        ? left > 0
          ? `Your builds are in: ${listed}. ${left === 1 ? 'One build is' : `${left} builds are`} not placed and will be waived: ${place}, then send again.${readyTick()}`
          : `Your builds are in: ${listed}. You may change them ${until}: remove one below to build elsewhere, then send again.${readyTick()}`
        : left > 0
          ? `${left === 1 ? 'One build' : `${left} builds`} to place: ${place}, then send.${pending}`
          : `${due === 1 ? 'Your build is' : `All ${due} builds are`} placed: send ${due === 1 ? 'it' : 'them'}.${pending}`;
    } else {
      const due = opts?.adjustment?.due ?? 0;
      const retreat = opts?.phase === 'retreat';
      const instruction = retreat
        ? 'Tap your dislodged unit on the map, then the space it retreats to; or pick its order from the list.'
        : due < 0
          ? `Remove ${-due === 1 ? 'one unit' : `${-due} units`}: tap a unit on the map or pick Disband from its list.`
          : 'Tap one of your units on the map, then the space it should move to; or pick each order from the lists.';
      const more = -due - stored.length;
      text = !sent
        ? `${instruction}${pending}`
        : due < 0
          ? more > 0
            ? `Your disbands are in: ${listed}. ${more === 1 ? 'One more unit' : `${more} more units`} to remove: tap a unit or pick Disband from its list, then send again; else the rules choose at the deadline.${readyTick()}`
            : `Your disbands are in: ${listed}. You may change them ${until}: tap another unit instead, then send again.${readyTick()}`
          : `Your ${retreat ? 'retreat orders' : 'orders'} are in: ${listed}. They are carried out at the deadline (${when(phase.deadlineAt)}); until then you may change them: tap the unit again, then send again.${readyTick()}`;
    }
    state.textContent = text;
  }
  for (const sel of selects.values())
    sel.addEventListener('change', () => {
      redraw();
      showState();
    });
  // Orders already stored are drawn as sent.
  if (chosen.size) redraw(true);
  const text = h('textarea', { id: 'orders-text', rows: '5', 'aria-describedby': 'orders-help' });
  text.value = (current?.lines ?? []).map((l) => l.text).join('\n');
  const send = async (lines: string[]) => {
    result.replaceChildren();
    if (!lines.some((l) => l.trim())) {
      result.append(
        h(
          'p',
          { class: 'error', role: 'alert' },
          g.variant === 'hawaii1795'
            ? 'Write at least one line, for example HOLD or PLAY and a card’s number, then send.'
            : 'Give at least one order, then send.',
        ),
      );
      return;
    }
    try {
      const r = await put('/games/{gameId}/orders', {
        params: { gameId: id },
        body: { orders: lines, phase: phase.key },
      });
      side.dispatchEvent(new Event('orders-sent'));
      stored = r.lines.filter((l) => l.ok);
      if (r.accepted) ready.checked = !!r.ready;
      result.append(
        readingsList(r.lines),
        h('p', { class: 'receipt' }, `Receipt ${r.receipt.hash.slice(0, 16)}… at ${stamp(r.receipt.at)}`),
      );
      say(`Orders stored: ${r.accepted} accepted, ${r.rejected} rejected.`);
      redraw(true);
      // What happens next, and the header's readiness brought up to date.
      const chip = document.querySelector<HTMLElement>(`.readiness li[data-role="${role}"]`);
      if (chip && r.accepted && (r.ready || !ready.checked)) {
        chip.className = r.ready ? 'ready' : 'submitted';
        chip.textContent = `${power(g, role)}: ${r.ready ? 'ready' : 'orders in'}`;
      }
      if (r.accepted && decides)
        result.append(
          h(
            'p',
            { class: 'next-step' },
            r.ready
              ? 'Your decision is made: the game moves on.'
              : 'Your decision is in; it is made once you are ready.',
          ),
        );
      else if (r.accepted && !phase.decides && !tapped)
        result.append(
          h(
            'p',
            { class: 'next-step' },
            `Your orders are in. They are carried out at the deadline (${when(phase.deadlineAt)}); until then you may change them.${readyTick()}`,
          ),
        );
      showState();
    } catch (e) {
      const refused = refusedLines(e);
      if (refused) {
        // Nothing was stored: the orders in force are those stored before, read again to be sure.
        const stored: ReadLine[] | null =
          (await get('/games/{gameId}/orders', { params: { gameId: id } }).catch(() => null))?.lines ?? null;
        const bad = refused.filter((l) => !l.ok).length;
        result.append(
          readingsList(refused),
          h(
            'p',
            { class: 'error', role: 'alert' },
            `Nothing was stored: ${bad === 1 ? 'one line' : `${bad} lines`} could not be read (the reason is next to it). Correct ${bad === 1 ? 'it' : 'them'} and send again; your orders are still in the form.`,
          ),
          inForce(stored),
        );
        say('Nothing was stored: correct the lines marked and send again.');
        return;
      }
      const b = e instanceof ApiError ? e.problem : null;
      // The page was behind the game: nothing was stored, and the form is the new phase's now.
      if (e instanceof ApiError && e.status === 409 && b?.errors?.some((x) => x.field === 'body.phase')) {
        movedOn();
        return;
      }
      // The lines at fault (the problem's other entries name request fields, for programs).
      result.append(
        showError(e),
        ...(b?.errors ?? [])
          .filter((x) => x.line !== undefined)
          .map((x) => h('p', { class: 'error' }, `line ${x.line}: ${x.message ?? ''}`)),
      );
    }
  };
  const ready = h('input', { type: 'checkbox', id: 'ready' });
  ready.checked = !!phase.readiness.find((r) => r.role === role)?.ready;
  ready.addEventListener('change', async () => {
    try {
      await put('/games/{gameId}/ready', { params: { gameId: id }, body: { ready: ready.checked } });
      say(ready.checked ? 'You are ready.' : 'You are not ready.');
      showState();
      const chip = document.querySelector<HTMLElement>(`.readiness li[data-role="${role}"]`);
      if (chip) {
        chip.className = ready.checked ? 'ready' : 'submitted';
        chip.textContent = `${power(g, role)}: ${ready.checked ? 'ready' : 'orders in'}`;
      }
    } catch (e) {
      ready.checked = !ready.checked;
      result.append(showError(e));
    }
  });

  // Hawaii 1795: one side plays the turn; the other only sets its standing instructions.
  // A phase that is one decision (the API's `decides`): sending it is being ready.
  const expected = !!phase.readiness.find((r) => r.role === role)?.expected;
  const decides = phase.decides && expected;
  // A game played turn by turn, on another player's turn (the options name whose); one with
  // standing instructions (Maori Wars) says where to set them.
  const waiting = !!opts?.waitingFor && opts.waitingFor !== role;
  const mwWaits = waiting && !!opts?.standing?.length;
  const notYourTurn = opts?.yourTurn === false || mwWaits;
  // The Ready box is shown to those who order in this phase (not the side that waits in Hawaii
  // 1795), not where sending the decision is being ready (Aloha), nor to one who waits for their turn.
  // A power the phase asks nothing of (no unit dislodged, no build or disband due, no vote): it
  // is told so, and gets no Ready box (early processing waits only for those who order).
  // Games played one action at a time (Aloha, Maori Wars): every legal action in a list.
  const actions = opts?.actions ?? [];
  const idle = !expected && !notYourTurn && !waiting && !units.length && !buildOptions.length && !actions.length;
  const readyShown = !notYourTurn && !waiting && !phase.decides && !idle;
  const readyTick = () =>
    readyShown && !ready.checked
      ? ' Tick Ready below to have the phase processed early, once every player is ready.'
      : '';
  side.append(h('h2', {}, notYourTurn ? phase.label : `Your orders for ${phase.label}`));
  if (mwWaits)
    side.append(
      h(
        'p',
        { class: 'next-step' },
        `It is the ${power(g, opts!.waitingFor!)} player's turn: you have nothing to order. You may change your standing instructions (below) at any time.`,
      ),
    );
  else if (notYourTurn)
    side.append(
      h(
        'p',
        { class: 'next-step' },
        `It is ${power(g, phase.readiness.find((r) => r.expected && r.role !== role)?.role ?? 'the other side')}'s turn: you have nothing to order. You may change your standing instructions (below) with STANDING lines in the text box.`,
      ),
    );
  if (idle)
    side.append(
      h(
        'p',
        { class: 'next-step', id: 'orders-idle' },
        `You have nothing to order in ${phase.label}: the phase asks nothing of ${power(g, role)}. It is processed at the deadline (${when(phase.deadlineAt)}), or sooner once every player who orders is ready.`,
      ),
    );
  const sendPicked = () => void send([...[...selects.values()].map((s) => s.value).filter(Boolean), ...built]);
  if (buildOptions.length) {
    side.append(state, buildBox, h('button', { type: 'button', onclick: sendPicked }, 'Send these orders'));
    showBuilds();
  } else if (units.length) {
    showState();
    side.append(state, list, h('button', { type: 'button', onclick: sendPicked }, 'Send these orders'));
  }
  if (actions.length && g.variant === 'maori-wars') {
    side.append(mwActionLists(actions, svg, text, viewOf<MaoriWarsView>(g)));
  } else if (actions.length && g.variant === 'aloha') {
    side.append(alohaPanel(actions, svg, viewOf<AlohaView>(g), send));
  } else if (actions.length) {
    const pickAction = h('select', { id: 'action' }, ...actions.map((a) => h('option', { value: a.text }, a.text)));
    side.append(
      h('label', { for: 'action' }, 'Your action'),
      pickAction,
      h('button', { type: 'button', onclick: () => void send([pickAction.value]) }, 'Send this action'),
    );
  } else if (waiting && !mwWaits) {
    side.append(
      h(
        'p',
        { class: 'muted' },
        `${power(g, opts!.waitingFor!)} is deciding; you wait for your turn. You may queue your next actions as text below (one a line): they are played when your turn comes only if nothing happens before it.`,
      ),
    );
  }
  // Maori Wars: click one of your stacks, then a hex: the move there (or the attack on an enemy
  // there) offered in the list is added to the text box as a line.
  if (svg && g.variant === 'maori-wars' && actions.length) mwMapClicks(svg, actions, text, viewOf<MaoriWarsView>(g));
  if (svg && g.variant === 'maori-wars') mwOwnStacks(svg, viewOf<MaoriWarsView>(g), role);
  // Aloha's queued actions: the view shows a player only their own.
  const queued = viewOf<AlohaView>(g)?.queued?.[role] ?? [];
  if (queued.length) side.append(h('p', { class: 'queued' }, `Your queued actions: ${queued.join('; ')}.`));
  // Hawaii 1795: the card, the turn by tapping and the standing instructions come before the text box.
  if (g.variant === 'hawaii1795')
    side.append(
      handPanel(g, !notYourTurn, optsReply?.help, { options: opts, stored: current?.lines ?? [], send, svg, side }),
    );
  side.append(
    h(
      'details',
      { open: !idle && !units.length && !actions.length && !buildOptions.length && g.variant !== 'hawaii1795' },
      h('summary', {}, 'Write orders as text'),
      h('label', { for: 'orders-text' }, 'Orders, one a line'),
      h('p', { id: 'orders-help', class: 'muted' }, 'As you would write them by email.'),
      text,
      h('button', { type: 'button', onclick: () => void send(text.value.split('\n')) }, 'Send the text'),
    ),
  );
  if (readyShown)
    side.append(h('p', {}, ready, h('label', { for: 'ready' }, ' Ready: process the phase early once everyone is')));
  side.append(result);

  if (svg && (units.length || buildOptions.length)) diplomacyMapClicks(svg, units, selects, () => redraw(), builds);
}
