// Aloha by tapping: tap an island on the board (or its button) for what you may do there, then the
// action; the actions tied to no island are buttons of their own. The choice is sent with one more
// tap on Send, and sending completes the decision (no Ready: src/service/orders.ts). The line sent
// is the offered action's own text, so the engine reads exactly the action it offered.
import { h, say, tellOnMap } from '../../dom.ts';
import type { AlohaAction, AlohaView, OfferedAction } from '../../types.ts';

type Offered = OfferedAction & { action: AlohaAction };

/** Where an action happens: the island whose Action token or tokens it uses. */
const islandOf = (a: AlohaAction) => a.island ?? a.from ?? null;

function labelOf(a: AlohaAction, view: Partial<AlohaView> | null): string {
  const card = a.card ? view?.events?.find((e) => e.number === a.card) : undefined;
  switch (a.kind) {
    case 'settle':
      return `Settle ${a.island}`;
    case 'king':
      return `King token on ${a.island}`;
    case 'take':
      return `Take ${a.island}'s resource`;
    case 'warrior':
      return a.island ? 'Take a Warrior' : 'Take a Warrior token';
    case 'event':
      return `Event card ${a.card}${card ? `: ${card.title}` : ''}`;
    case 'pass':
      return 'Pass';
    case 'convert':
      return 'Convert nothing (pass)';
    default:
      return a.kind;
  }
}

export function alohaPanel(
  actions: OfferedAction[],
  svg: SVGSVGElement | null,
  view: Partial<AlohaView> | null,
  send: (lines: string[]) => Promise<void>,
): Node {
  const offered = actions.filter((a): a is Offered => !!a.action);
  const islands = [...new Set(offered.map((a) => islandOf(a.action)).filter((x): x is string => !!x))];
  let chosen: Offered | null = null;
  let island: string | null = null;
  const choiceText = h('strong', { id: 'aloha-choice' }, 'nothing yet');
  const sendButton = h(
    'button',
    {
      type: 'button',
      id: 'aloha-send',
      disabled: true,
      onclick: async () => {
        if (!chosen) return;
        sendButton.disabled = true;
        await send([chosen.text]);
      },
    },
    'Send',
  );
  const here = h('div', { id: 'aloha-island', 'aria-live': 'polite' });
  const pick = (a: Offered) => {
    chosen = a;
    choiceText.textContent = a.text;
    sendButton.disabled = false;
    sendButton.textContent = `Send: ${a.text}`;
    for (const b of box.querySelectorAll<HTMLButtonElement>('button[data-action]'))
      b.setAttribute('aria-pressed', String(b.dataset.action === a.text));
    tellOnMap(`Your choice: ${a.text}. Tap Send to make it, or choose again.`);
    say(`Chosen: ${a.text}.`);
  };
  const actionButton = (a: Offered, label = labelOf(a.action, view)) =>
    h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        'data-action': a.text,
        'aria-pressed': String(chosen?.text === a.text),
        onclick: () => pick(a),
      },
      label,
    );

  const showIsland = (name: string) => {
    island = name;
    for (const b of box.querySelectorAll<HTMLButtonElement>('.aloha-islands button'))
      b.setAttribute('aria-pressed', String(b.dataset.island === name));
    svg?.querySelectorAll('path[data-island].selected').forEach((p) => p.classList.remove('selected'));
    svg?.querySelector(`path[data-island="${CSS.escape(name)}"]`)?.classList.add('selected');
    const mine = offered.filter((a) => islandOf(a.action) === name);
    const moves = mine.filter((a) => a.action.kind === 'migrate');
    const others = mine.filter((a) => a.action.kind !== 'migrate');
    const parts: Node[] = [h('h4', {}, `On ${name}`)];
    if (others.length)
      parts.push(
        h(
          'div',
          { class: 'choices', role: 'group', 'aria-label': `Actions on ${name}` },
          ...others.map((a) => actionButton(a)),
        ),
      );
    if (moves.length) {
      // Migration: how many tokens (one group), then where to.
      const max = Math.max(...moves.map((a) => a.action.count ?? 1));
      let count = max;
      const n = h('output', { id: 'aloha-count', 'aria-live': 'polite' }, String(count));
      const targets = h('div', { class: 'choices', role: 'group', 'aria-label': `Migrate from ${name} to` });
      const drawTargets = () => {
        n.textContent = `${count} of ${max}`;
        targets.replaceChildren(
          ...moves.filter((a) => a.action.count === count).map((a) => actionButton(a, `to ${a.action.to}`)),
        );
      };
      const step = (d: number) => {
        count = Math.min(max, Math.max(1, count + d));
        drawTargets();
      };
      parts.push(
        h(
          'p',
          { class: 'aloha-migrate' },
          `Migrate Pure Hawaiian tokens from ${name}: `,
          h(
            'button',
            { type: 'button', class: 'secondary', 'aria-label': 'One token fewer', onclick: () => step(-1) },
            '−',
          ),
          ' ',
          n,
          ' ',
          h(
            'button',
            { type: 'button', class: 'secondary', 'aria-label': 'One token more', onclick: () => step(1) },
            '+',
          ),
        ),
        targets,
      );
      drawTargets();
    }
    here.replaceChildren(...parts);
    tellOnMap(`${name}: choose an action below.`);
  };

  // The board's islands take taps and the keyboard.
  if (svg) {
    for (const p of svg.querySelectorAll<SVGPathElement>('path[data-island]')) {
      const name = p.dataset.island!;
      if (!islands.includes(name)) continue;
      p.classList.add('mine');
      p.setAttribute('tabindex', '0');
      p.setAttribute('role', 'button');
      p.setAttribute('aria-label', `${name}: your actions there`);
      p.addEventListener('keydown', (e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          showIsland(name);
        }
      });
    }
    svg.addEventListener('click', (e) => {
      const name = (e.target as Element).closest<SVGElement>('[data-island]')?.dataset.island;
      if (name && islands.includes(name)) showIsland(name);
    });
  }

  const loose = offered.filter((a) => !islandOf(a.action));
  const decision = view?.turn?.to ?? 'decide';
  const box = h(
    'section',
    { class: 'aloha-actions', 'aria-labelledby': 'aloha-title' },
    h('h3', { id: 'aloha-title' }, `Your decision: ${decision}`),
    h(
      'p',
      { class: 'muted' },
      islands.length
        ? 'Tap an island on the board, or its name here, for what you may do there; then tap Send. Sending makes the decision: no Ready is needed.'
        : 'Choose, then tap Send. Sending makes the decision: no Ready is needed.',
    ),
    islands.length
      ? h(
          'div',
          { class: 'choices aloha-islands', role: 'group', 'aria-label': 'Islands' },
          ...islands.map((name) =>
            h(
              'button',
              {
                type: 'button',
                class: 'secondary',
                'data-island': name,
                'aria-pressed': 'false',
                onclick: () => showIsland(name),
              },
              name,
            ),
          ),
        )
      : null,
    here,
    loose.length
      ? h(
          'div',
          {},
          h('h4', {}, islands.length ? 'Other actions' : 'Actions'),
          h(
            'div',
            { class: 'choices', role: 'group', 'aria-label': 'Other actions' },
            ...loose.map((a) => actionButton(a)),
          ),
        )
      : null,
    h('p', { class: 'aloha-chosen' }, 'Your choice: ', choiceText),
    sendButton,
  );
  // One island only (a single place to act): open it at once.
  if (islands.length === 1)
    queueMicrotask(() => {
      if (!island) showIsland(islands[0]!);
    });
  return box;
}
