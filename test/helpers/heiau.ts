// A Haole game of Heiau Diplomacy past its ballot (everyone votes the first setup offered): the
// position at the first Spring orders, while the haoles still see none of the natives.
import { heiauDiplomacy, type DiplomacyState } from '../../src/games/diplomacy.ts';

export function haoleGameAfterBallot(seed: string): DiplomacyState {
  let s: DiplomacyState = heiauDiplomacy.setup(seed, 'haole');
  while (heiauDiplomacy.phase(s).type === 'ballot') {
    const votes: Record<string, unknown> = {};
    for (const role of heiauDiplomacy.expectedRoles(s)) {
      const view = heiauDiplomacy.view(s, { kind: 'player', role }) as { ballot?: { options: string[] } };
      votes[role] = heiauDiplomacy.readSubmission(s, role, [`VOTE ${view.ballot!.options[0]}`]).accepted;
    }
    s = heiauDiplomacy.resolve(s, votes).state;
  }
  return s;
}
