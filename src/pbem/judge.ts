// The judge's own address (judge@<domain>): mail that is about no game yet. REGISTER asks for an
// account, LIST shows the games the sender may join, JOIN accepts an invitation (or joins a game
// open to anyone), HELP lists the commands. The caller answers only mail whose sender is proven.
import { updateAccount } from '../service/accounts.ts';
import type { Account } from '../db/generated/client.ts';
import { gameTitle } from '../mail/game-mail.ts';
import type { Ctx } from '../service/context.ts';
import { AppError } from '../service/errors.ts';
import { join, listGames } from '../service/games.ts';
import { JUDGE_COMMANDS, setDone, type Command } from './commands.ts';
import type { Executed, LineResult } from './execute.ts';
import { judgeHelpText } from './help.ts';

export interface JudgeExecuted extends Executed {
  /** REGISTER from an address without an account: the reply carries a registration link. */
  register: boolean;
}

interface Joinable {
  id: string;
  name: string;
  variant: string;
  scenario: string;
  invited: boolean;
}

/** Games that have not started and that the account may join: invitations first, then open games. */
export async function joinableGames(ctx: Ctx, accountId: string): Promise<Joinable[]> {
  const forming = await listGames(ctx, accountId, { status: 'forming' });
  const list = forming
    .filter((g) => g.you === 'player:invited' || (g.openJoin && (g.you === 'observer' || g.you === 'player:removed')))
    .map((g) => ({
      id: g.id,
      name: g.name,
      variant: g.variant,
      scenario: g.scenario,
      invited: g.you === 'player:invited',
    }));
  return list.sort((a, b) => Number(b.invited) - Number(a.invited) || a.name.localeCompare(b.name));
}

/** `invitedTo`: read from an invitation's reply address: JOIN (with or without its name) joins that game only. */
export async function executeJudge(
  ctx: Ctx,
  sender: { email: string; account: Account | null },
  commands: Command[],
  invitedTo?: string,
): Promise<JudgeExecuted> {
  const out: JudgeExecuted = { lines: [], sections: [], register: false };
  const result = (c: Command, outcome: LineResult['outcome'], detail: string) =>
    out.lines.push({ line: c.line, text: c.text, outcome, detail });
  const { account } = sender;
  let helpShown = false;
  const help = () => {
    if (helpShown) return;
    helpShown = true;
    out.sections.push({ title: 'HELP', text: judgeHelpText(ctx.config) });
  };
  for (const c of commands) {
    if (c.kind === 'error') {
      result(c, 'rejected', c.error);
      continue;
    }
    if (!JUDGE_COMMANDS.has(c.kind)) {
      result(
        c,
        'rejected',
        c.kind === 'order'
          ? "not a command of the judge's address (the commands are listed below; orders go to the address of your game, the Reply-To of its mail)"
          : `${c.text.split(/\s+/)[0]!.toUpperCase()} is a command about a game: reply to a mail of the game (its Reply-To is your address for it)`,
      );
      help();
      continue;
    }
    try {
      switch (c.kind) {
        case 'help':
          help();
          result(c, 'done', 'the commands are listed below');
          break;
        case 'set': {
          if (!account) {
            result(c, 'rejected', `no account uses ${sender.email}: send REGISTER first`);
            break;
          }
          const r = await updateAccount(ctx, account.id, {
            notify: c.notify,
            receiptsByMail: c.receiptsByMail,
            timeZone: c.timeZone,
          });
          result(c, 'done', setDone(c, r));
          break;
        }
        case 'register':
          if (account) {
            result(
              c,
              'done',
              `${account.email} has an account already: LIST shows the games you may join; sign in on the web page with this address`,
            );
            break;
          }
          out.register = true;
          result(c, 'done', 'follow the link below to create your account');
          break;
        case 'list': {
          if (!account) {
            result(c, 'rejected', `no account uses ${sender.email}: send REGISTER first`);
            break;
          }
          const games = await joinableGames(ctx, account.id);
          out.sections.push({
            title: 'LIST',
            text: games.length
              ? games
                  .map((g) => `  ${g.name}  (${gameTitle(g)})  ${g.invited ? 'you are invited' : 'open to anyone'}`)
                  .join('\n') + '\n\nJOIN <game name> joins one of them.\n'
              : 'No game is waiting for you: you have no open invitation, and no game open to anyone is forming.\n',
          });
          result(c, 'done', games.length ? `${games.length} game(s) you may join, below` : 'no game you may join');
          break;
        }
        case 'join': {
          if (!account) {
            result(c, 'rejected', `no account uses ${sender.email}: send REGISTER first`);
            break;
          }
          if (!c.game.trim() && !invitedTo) {
            result(c, 'rejected', 'JOIN needs the name of the game, as LIST shows it, e.g. JOIN Mail race');
            break;
          }
          const games = (await joinableGames(ctx, account.id)).filter((g) => !invitedTo || g.id === invitedTo);
          const want = c.game.trim().toLowerCase();
          const hits = games.filter((g) => !want || g.name.toLowerCase() === want || g.id === want);
          if (hits.length === 0) {
            result(c, 'rejected', `no game "${c.game}" waits for you (LIST shows the games you may join)`);
            break;
          }
          if (hits.length > 1) {
            result(
              c,
              'rejected',
              `${hits.length} games are called "${c.game}"; ask the moderator to rename one, or join on the web page`,
            );
            break;
          }
          await join(ctx, hits[0]!.id, account.id);
          result(
            c,
            'done',
            `you joined ${hits[0]!.name}. When the moderator starts it, a mail tells you your power; reply to it to play`,
          );
          break;
        }
      }
    } catch (err) {
      if (!(err instanceof AppError)) {
        ctx.log.error({ err, command: c.kind }, 'email command failed');
        result(
          c,
          'rejected',
          'could not be carried out because of an error on the judge; nothing was changed by this line. Try it again later.',
        );
      } else result(c, 'rejected', err.message);
    }
  }
  return out;
}
