// What the caller may order now: the game module's options for the caller's power; the moderator
// sees every power's, or one power's.
import { matchRole, requirePlayer, type Access } from './access.ts';
import type { Ctx } from './context.ts';
import { badRequest, conflict, forbidden } from './errors.ts';
import { currentPhase } from './games.ts';

export async function optionsFor(ctx: Ctx, a: Access, askedRole?: string) {
  let role: string | null;
  const phase = await currentPhase(ctx.db, a.game.id);
  if (!phase) throw conflict('There is no open phase: nothing to order now.');
  if (!a.module.options) throw conflict(`${a.module.name} does not list options yet.`);
  const options = a.module.options.bind(a.module) as (
    state: unknown,
    role: string,
  ) => Record<string, unknown> | unknown[];
  const info = { key: phase.key, label: phase.label, type: phase.type };
  if (a.viewer.kind === 'moderator') {
    const roles = a.game.players.map((p) => p.role).filter((r): r is string => !!r);
    // The moderator sees every power's options, or one power's with ?role=.
    if (askedRole === undefined)
      return { role: null, phase: info, options: Object.fromEntries(roles.map((r) => [r, options(phase.state, r)])) };
    const match = matchRole(roles, askedRole);
    if (!match)
      throw badRequest(`No power "${askedRole}" plays in this game: ask for one of ${roles.join(', ')}.`, [
        { field: 'querystring.role', message: 'a power of this game' },
      ]);
    role = match;
  } else {
    if (askedRole !== undefined && a.viewer.kind === 'player' && !matchRole([a.viewer.role], askedRole))
      throw forbidden('You may see your own options only.');
    role = requirePlayer(a).role!;
  }
  return { role, phase: info, options: options(phase.state, role) };
}
