// The DATC fixture's parsed orders (snake_case) as our Order type.
import type { Order, UnitType } from '../../src/diplomacy/types.ts';

/** The fixture's parse of an order, as our Order. */
export function fixtureOrder(o: Record<string, any>): Order {
  const unit = { type: o.unit as UnitType, location: o.location as string };
  switch (o.type) {
    case 'move':
      return { kind: 'move', unit, to: o.destination, viaConvoy: !!o.via_convoy };
    case 'support_move':
      return {
        kind: 'support',
        unit,
        target: { type: o.supported_unit, location: o.supported_location },
        to: o.supported_destination,
      };
    case 'support_hold':
      return { kind: 'support', unit, target: { type: o.supported_unit, location: o.supported_location } };
    case 'convoy':
      return { kind: 'convoy', unit, target: { type: o.convoyed_unit, location: o.convoy_from }, to: o.convoy_to };
    case 'hold':
      return { kind: 'hold', unit };
    case 'build':
      return { kind: 'build', unitType: o.unit, location: o.location };
    case 'disband':
      return { kind: 'disband', unit };
  }
  throw new Error(`unknown fixture order type ${o.type}`);
}
