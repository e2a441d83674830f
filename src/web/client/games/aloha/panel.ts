// Aloha by tapping: tap an island on the board (or its button) for what you may do there, then the
// action; the actions tied to no island are buttons of their own. The choice is sent with one more
// tap on Send, and sending completes the decision (no Ready: src/service/orders.ts). The line sent
// is the offered action's own text, so the engine reads exactly the action it offered.
import { h, say, tellOnMap } from '../../dom.ts';
import type { AlohaAction, AlohaView, OfferedAction } from '../../types.ts';

type Offered = OfferedAction & { action: AlohaAction };

const RESOURCE: Record<string, string> = {
  ph: 'Pure Hawaiian',
  aloha: 'Aloha',
  commerce: 'Commerce',
  homeRule: 'Home Rule votes',
};
type Step = NonNullable<AlohaAction['steps']>[number];
/** Where a conversion's resources come from, as people read it. */
const sourceOf = (st: Step) => (st.from === 'ph' ? `Pure Hawaiian on ${st.island}` : RESOURCE[st.from]!);
/** A conversion as people read it: "2 Pure Hawaiian on Kauai to Aloha". */
const stepLabel = (st: Step) =>
  `${st.count} ${st.from === 'ph' ? `Pure Hawaiian on ${st.island}` : RESOURCE[st.from]} to ${RESOURCE[st.to]}`;

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
      return a.steps?.length ? a.steps.map(stepLabel).join('; ') : 'Convert nothing (pass)';
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
  const all = actions.filter((a): a is Offered => !!a.action);
  // Epilogue conversions: built into one decision below, not each a button of its own.
  const conversions = all.filter((a) => a.action.kind === 'convert' && a.action.steps?.length === 1);
  const offered = all.filter((a) => !conversions.includes(a));
  /** The conversions planned, each an offered single conversion: sent together, they are the decision. */
  const plan: Offered[] = [];
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
        if (!chosen && !plan.length) return;
        sendButton.disabled = true;
        await send(plan.length ? plan.map((a) => a.text) : [chosen!.text]);
      },
    },
    'Send',
  );
  const here = h('div', { id: 'aloha-island', 'aria-live': 'polite' });
  const pick = (a: Offered) => {
    chosen = a;
    if (plan.length) {
      plan.length = 0;
      showPlan();
    }
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

  // The conversion builder: for each source, how many (− and +), then what to; the plan so far,
  // at most 5 resources in all, each step removable; Send sends the plan as the decision.
  const planBox = h('div', { id: 'aloha-plan', 'aria-live': 'polite' });
  const sourcesBox = h('div', { class: 'aloha-sources' });
  const planned = (src: string) =>
    plan.filter((a) => sourceOf(a.action.steps![0]!) === src).reduce((n, a) => n + a.action.steps![0]!.count, 0);
  const total = () => plan.reduce((n, a) => n + a.action.steps![0]!.count, 0);
  const sources = [...new Set(conversions.map((a) => sourceOf(a.action.steps![0]!)))];
  const counts = new Map<string, number>();
  const showPlan = () => {
    const left = 5 - total();
    planBox.replaceChildren(
      plan.length
        ? h(
            'ul',
            { class: 'built' },
            ...plan.map((a, i) =>
              h(
                'li',
                {},
                stepLabel(a.action.steps![0]!),
                ' ',
                h(
                  'button',
                  {
                    type: 'button',
                    class: 'secondary',
                    'aria-label': `Remove: ${stepLabel(a.action.steps![0]!)}`,
                    onclick: () => {
                      plan.splice(i, 1);
                      showPlan();
                    },
                  },
                  'Remove',
                ),
              ),
            ),
          )
        : '',
      h('p', { class: 'muted' }, `${left === 1 ? '1 resource' : `${left} resources`} left to convert, of 5.`),
    );
    sourcesBox.replaceChildren(
      ...sources.map((src, i) => {
        const mine = conversions.filter((a) => sourceOf(a.action.steps![0]!) === src);
        const max = Math.min(left, Math.max(...mine.map((a) => a.action.steps![0]!.count)) - planned(src));
        if (max < 1) return h('p', { class: 'muted' }, `${src}: none left to convert.`);
        const count = Math.min(max, Math.max(1, counts.get(src) ?? max));
        counts.set(src, count);
        const step = (d: number) => {
          counts.set(src, Math.min(max, Math.max(1, count + d)));
          showPlan();
        };
        const tos = [...new Set(mine.map((a) => a.action.steps![0]!.to))];
        return h(
          'div',
          { class: 'aloha-source', role: 'group', 'aria-label': `Convert ${src}` },
          h(
            'p',
            {},
            `${src}: `,
            h(
              'button',
              { type: 'button', class: 'secondary', 'aria-label': `${src}: one fewer`, onclick: () => step(-1) },
              '−',
            ),
            ' ',
            h('output', { id: `aloha-convert-count-${i}` }, String(count)),
            ' ',
            h(
              'button',
              { type: 'button', class: 'secondary', 'aria-label': `${src}: one more`, onclick: () => step(1) },
              '+',
            ),
          ),
          h(
            'div',
            { class: 'choices' },
            ...tos.map((to) => {
              const a = mine.find((x) => x.action.steps![0]!.to === to && x.action.steps![0]!.count === count);
              return h(
                'button',
                {
                  type: 'button',
                  class: 'secondary',
                  'data-convert': a?.text ?? '',
                  disabled: !a,
                  onclick: () => {
                    if (!a) return;
                    plan.push(a);
                    chosen = null;
                    for (const b of box.querySelectorAll<HTMLButtonElement>('button[data-action]'))
                      b.setAttribute('aria-pressed', 'false');
                    showPlan();
                    say(`Added: ${stepLabel(a.action.steps![0]!)}.`);
                  },
                },
                `${count} to ${RESOURCE[to]}`,
              );
            }),
          ),
        );
      }),
    );
    const label = plan.map((a) => stepLabel(a.action.steps![0]!)).join('; ');
    if (plan.length) {
      choiceText.textContent = `convert ${label}`;
      sendButton.disabled = false;
      sendButton.textContent = `Send: convert ${label}`;
    } else if (!chosen) {
      choiceText.textContent = 'nothing yet';
      sendButton.disabled = true;
      sendButton.textContent = 'Send';
    }
  };
  if (conversions.length) showPlan();

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
    conversions.length
      ? h(
          'div',
          { class: 'aloha-convert' },
          h('h4', {}, 'Convert resources (up to 5 in all)'),
          h(
            'p',
            { class: 'muted' },
            'Pure Hawaiian tokens convert to Aloha or Commerce, Aloha and Commerce to Home Rule votes, one for one. Choose how many, then what to; add more, then Send.',
          ),
          sourcesBox,
          planBox,
        )
      : null,
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
