import { post } from '../api.ts';
import { h, say, showError } from '../dom.ts';
import { refresh } from '../refresh.ts';

/** The moderator invites more players while the game forms. */
export function invitePanel(id: string): Node {
  const email = h('input', { id: 'invite-email', type: 'email', placeholder: 'player@example.org' });
  const out = h('div', { 'aria-live': 'polite' });
  return h(
    'form',
    {
      class: 'row',
      onsubmit: async (e: Event) => {
        e.preventDefault();
        out.replaceChildren();
        try {
          await post('/games/{gameId}/invitations', { params: { gameId: id }, body: { email: email.value.trim() } });
          say(`Invited ${email.value.trim()}.`);
          void refresh();
        } catch (err) {
          out.append(showError(err));
        }
      },
    },
    h('label', { for: 'invite-email' }, 'Invite'),
    email,
    h('button', { type: 'submit', class: 'secondary' }, 'Send the invitation'),
    out,
  );
}
