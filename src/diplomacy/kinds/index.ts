// Every Diplomacy order kind, each in its own module with the one shape (problem, apply, options,
// describe; contract/action-kind.ts), in a table the phase adjudicators dispatch through.
import type { Order } from '../types.ts';
import type { DipBoard, OrderKind } from './board.ts';
import { build } from './build.ts';
import { buildBoats } from './build-boats.ts';
import { convoy } from './convoy.ts';
import { disband } from './disband.ts';
import { hold } from './hold.ts';
import { move } from './move.ts';
import { retreat } from './retreat.ts';
import { support } from './support.ts';
import { tradingPost } from './trading-post.ts';
import { waive } from './waive.ts';

export const ORDER_KINDS: { [K in Order['kind']]: OrderKind<Extract<Order, { kind: K }>> } = {
  hold,
  move,
  support,
  convoy,
  'build-boats': buildBoats,
  'trading-post': tradingPost,
  retreat,
  disband,
  build,
  waive,
};

/** The module of an order's kind. */
export const orderKind = (o: Order) => ORDER_KINDS[o.kind] as unknown as OrderKind<Order>;

export type { AdjustmentBoard, DipBoard, Intent, MovementBoard, RetreatBoard } from './board.ts';
export { Illegal, SPECIAL } from './board.ts';
export type { OrderKind };
export type Board = DipBoard;
