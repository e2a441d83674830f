// Every Maori Wars action kind, each in its own module with the one shape (problem, apply, options,
// describe; contract/action-kind.ts), in the table the runner (engine.ts) dispatches through.
import type { ActionTable } from '../../contract/action-kind.ts';
import type { MWState, Side } from '../state.ts';
import { attack } from './attack.ts';
import { bombard } from './bombard.ts';
import { build } from './build.ts';
import { bushEnter } from './bush-enter.ts';
import { bushLeave } from './bush-leave.ts';
import { bushMove } from './bush-move.ts';
import { bushRaid } from './bush-raid.ts';
import { carry } from './carry.ts';
import { destroyCanoe } from './destroy-canoe.ts';
import { leaderMove } from './leader-move.ts';
import { move } from './move.ts';
import { negotiate } from './negotiate.ts';
import { pass } from './pass.ts';
import { raid } from './raid.ts';
import { rally } from './rally.ts';
import { reinforce } from './reinforce.ts';
import { repair } from './repair.ts';
import { sap } from './sap.ts';
import { ship } from './ship.ts';
import { standing } from './standing.ts';
import { transport } from './transport.ts';
import type { Action } from './types.ts';

export const ACTIONS: ActionTable<MWState, Action, Side, string[]> = {
  move,
  transport,
  destroyCanoe,
  reinforce,
  attack,
  negotiate,
  bushEnter,
  bushMove,
  bushLeave,
  raid,
  ship,
  sap,
  leaderMove,
  bombard,
  carry,
  bushRaid,
  rally,
  build,
  repair,
  standing,
  pass,
};

export type * from './types.ts';
