// Everything a moderator does to a game, and what happened so far.
import { allPhases, del, get, post, put, type Phase } from '../api.ts';
import { h, say, showError } from '../dom.ts';
import { localInput, power, stamp } from '../format.ts';
import { refresh } from '../refresh.ts';
import type { Game } from '../types.ts';

/** The moderator's switch: a public game may be watched by anyone, signed in or not. */
export function publicSwitch(id: string, g: Game, out: HTMLElement): Node {
  const isPublic = h('input', { type: 'checkbox', id: 'game-public' });
  isPublic.checked = !!g.public;
  isPublic.addEventListener('change', async () => {
    out.replaceChildren();
    try {
      await put('/games/{gameId}/public', { params: { gameId: id }, body: { public: isPublic.checked } });
      say(isPublic.checked ? 'The game is public: anyone may watch it.' : 'The game is private.');
      void refresh();
    } catch (e) {
      isPublic.checked = !isPublic.checked;
      out.append(showError(e));
    }
  });
  return h(
    'p',
    {},
    isPublic,
    h('label', { for: 'game-public' }, ' Public: anyone may watch this game, signed in or not'),
  );
}

/** Everything a moderator does to a running game, and what happened so far. */
export async function moderatorConsole(id: string, g: Game): Promise<Node> {
  const out = h('div', { 'aria-live': 'polite' });
  const params = { gameId: id };
  const act = (label: string, call: () => Promise<unknown>, confirmText?: string) =>
    h(
      'button',
      {
        type: 'button',
        class: 'secondary',
        onclick: async () => {
          if (confirmText && !confirm(confirmText)) return;
          out.replaceChildren();
          try {
            await call();
            say(`${label}: done.`);
            void refresh();
          } catch (e) {
            out.append(showError(e));
          }
        },
      },
      label,
    );
  const minutes = h('input', {
    id: 'extend-minutes',
    type: 'number',
    min: '1',
    max: '43200',
    value: '1440',
    inputmode: 'numeric',
  });
  // A new deadline, to the second, in the browser's time zone (an earlier one too: the phase is then processed at that time).
  const deadlineAt = h('input', { id: 'deadline-at', type: 'datetime-local', step: '1' });
  if (g.phase?.deadlineAt) deadlineAt.value = localInput(new Date(g.phase.deadlineAt));
  const phases = await allPhases(id).catch(() => [] as Phase[]);
  const back = h(
    'select',
    { id: 'rollback-seq' },
    ...phases.filter((p) => p.seq !== g.phase?.seq).map((p) => h('option', { value: String(p.seq) }, p.label)),
  );
  const running = g.status === 'active' || g.status === 'paused';
  const players = g.players
    .filter((p) => p.role)
    .map((p) => {
      const role = p.role!;
      const email = h('input', { type: 'email', id: `replace-${p.id}`, placeholder: 'new player’s address' });
      const player = { gameId: id, playerId: p.id };
      return h(
        'li',
        {},
        h('strong', {}, power(g, role)),
        ` — ${p.email ?? p.name ?? 'player'} (${p.status}${p.missedPhases ? `, missed ${p.missedPhases}` : ''})`,
        running
          ? h(
              'div',
              { class: 'row' },
              h('label', { for: `replace-${p.id}`, class: 'visually-hidden' }, `Replace ${power(g, role)} with`),
              email,
              act(`Replace ${power(g, role)}`, () =>
                post('/games/{gameId}/players/{playerId}/replace', {
                  params: player,
                  body: { email: email.value.trim() },
                }),
              ),
              act(
                `Remove ${power(g, role)}`,
                () => del('/games/{gameId}/players/{playerId}', { params: player }),
                `Remove ${power(g, role)}'s player? The power goes into civil disorder.`,
              ),
            )
          : null,
      );
    });
  const { events } = await get('/games/{gameId}/events', { params }).catch(() => ({ events: [] }));
  return h(
    'section',
    { class: 'console' },
    h('h2', {}, 'Moderator'),
    publicSwitch(id, g, out),
    running
      ? h(
          'div',
          { class: 'row' },
          act('Process now', () => post('/games/{gameId}/process', { params })),
          g.status === 'paused'
            ? act('Resume', () => post('/games/{gameId}/resume', { params }))
            : act('Pause', () => post('/games/{gameId}/pause', { params })),
          act(
            'End the game',
            () => post('/games/{gameId}/end', { params }),
            'End the game now? The seed is published.',
          ),
        )
      : h('p', {}, `The game is ${g.status}.`),
    running && g.phase
      ? h(
          'div',
          { class: 'row' },
          h('label', { for: 'extend-minutes' }, 'Extend the deadline by (minutes)'),
          minutes,
          act('Extend', () =>
            put('/games/{gameId}/deadline', { params, body: { extendMinutes: Number(minutes.value) } }),
          ),
        )
      : null,
    running && g.phase
      ? h(
          'div',
          { class: 'row' },
          h('label', { for: 'deadline-at' }, 'Set the deadline to (your time)'),
          deadlineAt,
          act('Set the deadline', () =>
            put('/games/{gameId}/deadline', { params, body: { at: new Date(deadlineAt.value).toISOString() } }),
          ),
        )
      : null,
    running && back.options.length
      ? h(
          'div',
          { class: 'row' },
          h('label', { for: 'rollback-seq' }, 'Roll back to'),
          back,
          act(
            'Roll back',
            () => post('/games/{gameId}/rollback', { params, body: { seq: Number(back.value) } }),
            'Roll the game back to that phase?',
          ),
        )
      : null,
    h('h3', {}, 'Players'),
    h('ul', { class: 'players' }, ...players),
    out,
    h(
      'details',
      {},
      h('summary', {}, `Event log (${events.length})`),
      h(
        'ol',
        { class: 'events', tabindex: '0', 'aria-label': 'Event log' },
        ...events.map((e) =>
          h('li', {}, h('time', { datetime: String(e.createdAt) }, stamp(e.createdAt)), ` ${e.text}`),
        ),
      ),
    ),
  );
}
