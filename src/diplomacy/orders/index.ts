// The order-text parser: player text <-> Order.
export { normalizeName, resolveLocationName, nameIndex } from './names.ts';
export { parseOrder, parseOrders, formatOrder } from './parse.ts';
export { foreignPowerMessage, splitPowerPrefix } from './power-prefix.ts';
export type { ParseError, ParseResult, ParseContext, ParsedLine } from './parse.ts';
