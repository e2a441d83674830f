// Convoy (`F Eng C A Lon - Bre`): a fleet at sea (in Heiau also on a coast) carries an army or a
// boat bunch along a chain of fleets.
import { onConvoyRoute } from '../adjudicator/convoy.ts';
import { CONVOY } from '../adjudicator/resolver.ts';
import { unitText } from '../orders/notation.ts';
import type { Order } from '../types.ts';
import {
  Illegal,
  intent,
  type Intent,
  type MovementBoard,
  movementOrder,
  named,
  type OrderKind,
  refOf,
  unitsOf,
} from './board.ts';

type Convoy = Extract<Order, { kind: 'convoy' }>;

function check(b: MovementBoard, u: number, a: Convoy): Intent {
  const map = b.map;
  const unit = b.units[u];
  const here = map.provinces[b.prov[u]];
  if (unit.type !== 'F') throw new Illegal(unit.type === 'B' ? 'boat bunches cannot convoy' : 'only fleets can convoy');
  if (here.type !== 'sea' && !b.variant.rules.coastalConvoys)
    throw new Illegal(`a fleet in ${here.name} is on a coast and cannot convoy`);
  const fp = b.provinceIndex(a.target.location);
  if (fp < 0) throw new Illegal(`there is no place called ${a.target.location}`);
  const convoyed = b.unitAt[fp];
  if (convoyed < 0) throw new Illegal(`there is no unit in ${b.name(fp)} to convoy`);
  const ctype = b.units[convoyed].type;
  if (ctype === 'F') throw new Illegal('fleets cannot be convoyed');
  const q = map.province(a.to.split('/')[0]);
  if (!q) throw new Illegal(`there is no place called ${a.to}`);
  if (q.index === fp) throw new Illegal('a unit cannot move to the province it is in');
  if (q.type === 'sea' && (ctype === 'A' || q.ocean))
    throw new Illegal(
      ctype === 'A'
        ? `an army cannot be convoyed to ${q.name}, a sea`
        : `boat bunches cannot be convoyed into ${q.name}`,
    );
  if (!onConvoyRoute(map, b.capable, here.index, fp, q.index))
    throw new Illegal(`${here.name} is not on a convoy route from ${b.name(fp)} to ${q.name}`);
  return intent(CONVOY, q.index, fp);
}

export const convoy: OrderKind<Convoy> = {
  kind: 'convoy',
  ...movementOrder<Convoy>(check),
  options: (b, power) => {
    if (b.phase !== 'movement') return [];
    const out: Convoy[] = [];
    const convoyable = (t: number) =>
      b.units[t].type === 'A' || (b.units[t].type === 'B' && b.variant.rules.boatBunches);
    for (const u of unitsOf(b, power)) {
      if (!b.capable[b.prov[u]]) continue;
      b.units.forEach((v, t) => {
        if (t === u || !convoyable(t)) return;
        for (const m of b.targets(t)) {
          const q = b.map.provinceOf(m.to)!.index;
          if (m.viaConvoy && onConvoyRoute(b.map, b.capable, b.prov[u], b.prov[t], q))
            out.push({ kind: 'convoy', unit: refOf(b.units[u]), target: refOf(v), to: b.map.provinces[q].id });
        }
      });
    }
    return out;
  },
  describe: (b, a) => named(b, convoy.notation(a)),
  notation: (a) => `${unitText(a.unit)} C ${unitText(a.target)} - ${a.to}`,
};
