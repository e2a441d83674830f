import { get, put } from '../api.ts';
import { h, say, showError } from '../dom.ts';
import { refresh } from '../refresh.ts';

/** Your draw vote (the game ends in a draw when every surviving power votes for it). */
export async function votePanel(id: string): Promise<Node> {
  const v = await get('/games/{gameId}/votes', { params: { gameId: id } }).catch(() => null);
  const box = h('section', { class: 'votes' }, h('h2', {}, 'Draw'));
  if (!v?.mine) return box;
  const draw = h('input', { type: 'checkbox', id: 'draw-vote' });
  draw.checked = v.mine.draw;
  draw.addEventListener('change', async () => {
    try {
      const r = await put('/games/{gameId}/votes/draw', { params: { gameId: id }, body: { vote: draw.checked } });
      say(
        r.ended ? `The game is over: ${r.ended.text}.` : draw.checked ? 'You vote for a draw.' : 'Draw vote withdrawn.',
      );
      if (r.ended) void refresh();
    } catch (e) {
      box.append(showError(e));
    }
  });
  box.append(
    h('p', {}, draw, h('label', { for: 'draw-vote' }, ' I vote for a draw')),
    h(
      'p',
      { class: 'muted' },
      v.rules.visibility === 'public'
        ? `Votes are public${v.votes?.draw?.length ? `: ${v.votes.draw.join(', ')} vote for a draw` : ''}.`
        : 'Votes are secret: nobody sees yours.',
    ),
  );
  return box;
}
