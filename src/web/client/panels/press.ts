import { get, post } from '../api.ts';
import { h, say, showError } from '../dom.ts';
import { power } from '../format.ts';
import { refresh } from '../refresh.ts';
import type { Game } from '../types.ts';

/** Press: read what you sent and received; write to powers or to all, as the game allows. */
export async function pressPanel(id: string, g: Game): Promise<Node> {
  const params = { gameId: id };
  const box = h('section', { class: 'press' }, h('h2', {}, 'Press'));
  const settings = await get('/games/{gameId}/email-settings', { params }).catch(() => null);
  const { press } = await get('/games/{gameId}/press', { params }).catch(() => ({ press: [] }));
  box.append(press.length
    ? h('ol', { class: 'press-list' }, ...press.map((p) => h('li', {}, h('strong', {}, `${power(g, p.from)} → ${p.toAll ? 'all' : p.to.map((r) => power(g, r)).join(', ')}`), ` (${new Date(p.sentAt).toLocaleString()})`, h('p', {}, p.text))))
    : h('p', { class: 'muted' }, 'No press yet.'));
  if (!settings || settings.press === 'none') { box.append(h('p', { class: 'muted' }, 'This game allows no press.')); return box; }
  const others = g.powers.filter((p) => p !== g.you.role);
  const to = h('select', { id: 'press-to' }, h('option', { value: 'ALL' }, 'Everyone'), ...(settings.press === 'full' ? others.map((p) => h('option', { value: p }, power(g, p))) : []));
  const text = h('textarea', { id: 'press-text', rows: '3' });
  const out = h('div', { 'aria-live': 'polite' });
  box.append(h('form', { class: 'stack', onsubmit: async (e: Event) => {
    e.preventDefault();
    out.replaceChildren();
    try { await post('/games/{gameId}/press', { params, body: { to: to.value === 'ALL' ? 'ALL' : [to.value], text: text.value } }); say('Press sent.'); void refresh(); } catch (err) { out.append(showError(err)); }
  } }, h('label', { for: 'press-to' }, 'To'), to, h('label', { for: 'press-text' }, 'Message'), text, h('button', { type: 'submit' }, 'Send press')), out);
  return box;
}
