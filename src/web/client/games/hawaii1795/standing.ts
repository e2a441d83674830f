import { h } from '../../dom.ts';
import { viewOf, type Game, type Hawaii1795View } from '../../types.ts';

/** Hawaii 1795: the decisions the rules give you, as your standing instructions or their defaults. */
export function standingPanel(g: Game): Node | null {
  const view = viewOf<Hawaii1795View>(g);
  const lines: string[] | undefined = view?.standingInstructions?.[g.you.role ?? ''];
  if (!lines?.length) return null;
  return h('section', { class: 'standing' }, h('h2', {}, 'Your standing instructions'),
    h('ul', {}, ...lines.map((l) => h('li', {}, l))),
    h('p', { class: 'muted' }, 'They decide for you in the middle of a turn (war fleets, losses, retreats, pursuit). Change one with a STANDING line in the text box, any time, even during the other side\'s turn: it applies when the current turn is resolved, before anything in it. ', h('code', {}, view?.standingHelp ?? 'STANDING …')));
}
