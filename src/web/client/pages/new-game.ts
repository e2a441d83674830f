import { get, post } from '../api.ts';
import { h, main, showError } from '../dom.ts';

const PHASE_LENGTHS: [number, string][] = [
  [1440, '1 day'],
  [2880, '2 days'],
  [720, '12 hours'],
  [60, '1 hour'],
  [10, '10 minutes'],
  [3, '3 minutes'],
];

export async function newGamePage(): Promise<void> {
  const { variants } = await get('/variants');
  const name = h('input', { id: 'name', required: true, maxlength: '100' });
  const variant = h('select', { id: 'variant' }, ...variants.map((v) => h('option', { value: v.id }, v.name)));
  const scenario = h('select', { id: 'scenario' });
  const fill = () =>
    scenario.replaceChildren(
      ...(variants.find((v) => v.id === variant.value)?.scenarios ?? []).map((s) =>
        h('option', { value: s.id }, `${s.name} (${s.roles.length} players)`),
      ),
    );
  variant.addEventListener('change', fill);
  fill();
  const invites = h('textarea', { id: 'invites', rows: '3', placeholder: 'one address per line' });
  // Each phase's time (the API's deadline policy has more: time of day, skipped days, grace).
  const length = h(
    'select',
    { id: 'phase-length', 'aria-describedby': 'phase-length-help' },
    ...PHASE_LENGTHS.map(([m, label]) => h('option', { value: String(m) }, label)),
  );
  const isPublic = h('input', { type: 'checkbox', id: 'public' });
  const out = h('div', {});
  main.replaceChildren(
    h('h1', {}, 'New game'),
    h(
      'form',
      {
        class: 'stack',
        onsubmit: async (e: Event) => {
          e.preventDefault();
          out.replaceChildren();
          try {
            const m = Number(length.value);
            const g = await post('/games', {
              body: {
                name: name.value.trim(),
                variant: variant.value,
                scenario: scenario.value,
                public: isPublic.checked,
                deadlines: { lengths: { movement: m, retreat: m, adjustment: m, ballot: m, turn: m } },
              },
            });
            for (const email of invites.value.split(/[\s,;]+/).filter(Boolean))
              await post('/games/{gameId}/invitations', { params: { gameId: g.id }, body: { email } });
            location.hash = `#/games/${g.id}`;
          } catch (err) {
            out.append(showError(err));
          }
        },
      },
      h('label', { for: 'name' }, 'Name'),
      name,
      h('label', { for: 'variant' }, 'Game'),
      variant,
      h('label', { for: 'scenario' }, 'Scenario'),
      scenario,
      h('label', { for: 'phase-length' }, 'Time for each phase'),
      length,
      h(
        'p',
        { id: 'phase-length-help', class: 'muted' },
        'A phase is processed at its deadline, or as soon as every player has ticked Ready. As the moderator you can move a deadline at any time.',
      ),
      h('label', { for: 'invites' }, 'Invite players (email addresses)'),
      invites,
      h(
        'p',
        { class: 'muted' },
        'Each gets an email with a link to the game. Once they have joined, start the game from its page.',
      ),
      h(
        'p',
        {},
        isPublic,
        h(
          'label',
          { for: 'public' },
          ' Public: anyone may watch it, signed in or not (map, history, results; never sealed orders or press)',
        ),
      ),
      h('button', { type: 'submit' }, 'Create the game'),
    ),
    out,
  );
}
