// Migrate: Pure Hawaiian tokens from one island to another; in the Prologue from any island with
// tokens (the Action token is bookkeeping), in the chapters only from one with an Action token.
import { ISLANDS } from '../data.ts';
import { spendToken } from '../resources.ts';
import type { AlohaKind, MigrateAction } from './types.ts';

export const migrate: AlohaKind<MigrateAction> = {
  kind: 'migrate',
  problem(s, role, a) {
    if (a.from === a.to) return 'tokens must migrate to another island';
    if (a.count < 1) return 'migrate at least one token';
    if ((s.board[a.from][role] ?? 0) < a.count)
      return `${role} has only ${s.board[a.from][role] ?? 0} Pure Hawaiian tokens on ${a.from}`;
    if (s.stage !== 'prologue' && !(s.actionTokens[a.from][role]! > 0))
      return `migrating from ${a.from} needs an Action token on ${a.from}`;
    return null;
  },
  apply(s, role, a, lines) {
    s.board[a.from][role]! -= a.count;
    s.board[a.to][role]! += a.count;
    spendToken(s, role, a.from);
    lines.push(`${role} migrates ${a.count} Pure Hawaiian token${a.count > 1 ? 's' : ''} from ${a.from} to ${a.to}.`);
  },
  options(s, role) {
    const out: MigrateAction[] = [];
    for (const from of ISLANDS) {
      const have = s.board[from][role]!;
      if (!have || (s.stage !== 'prologue' && !(s.actionTokens[from][role]! > 0))) continue;
      for (const to of ISLANDS)
        if (to !== from) for (let n = 1; n <= have; n++) out.push({ kind: 'migrate', count: n, from, to });
    }
    return out;
  },
  describe: (_s, a) => `migrate ${a.count} ${a.from} ${a.to}`,
};
