// Every Aloha action kind, each in its own module with the one shape (problem, apply, options,
// describe; contract/action-kind.ts), in the table the engine dispatches through; and the kinds
// each decision allows, in the order their options are listed (the first is the default).
import type { ActionTable } from '../../contract/action-kind.ts';
import type { AlohaState, DecisionKind } from '../state.ts';
import { convert } from './convert.ts';
import { event } from './event.ts';
import { king } from './king.ts';
import { migrate } from './migrate.ts';
import { pass } from './pass.ts';
import { settle } from './settle.ts';
import { take } from './take.ts';
import type { Action } from './types.ts';
import { warrior } from './warrior.ts';

export const ACTIONS: ActionTable<AlohaState, Action, string, string[]> = {
  settle,
  migrate,
  warrior,
  take,
  event,
  king,
  convert,
  pass,
};

export const DECISION_KINDS: Record<DecisionKind, Action['kind'][]> = {
  settle: ['settle'],
  king: ['king'],
  convert: ['convert'],
  action: ['take', 'event', 'warrior', 'migrate', 'pass'],
};

export type * from './types.ts';
