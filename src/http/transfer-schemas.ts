// Schemas of a game's file (GET /games/{id}/export, POST /games/import) and of a start from a given
// position (POST /games/{id}/start-from-position).
import { z } from 'zod';
import { GameFile } from '../service/transfer.ts';

export { GameFile };

/** The export as written: GameFile's fields, described for the API's readers. */
export const GameExport = z
  .object({
    format: z.literal('kahu-game'),
    version: z.number().int(),
    exportedAt: z.string().describe('When the file was written (ISO-8601, UTC)'),
    source: z.string().describe('The game on the judge that wrote the file'),
    states: z
      .enum(['engine', 'moderator-view'])
      .describe(
        "engine: each phase's state as the engine keeps it (the game is over, the file replays); moderator-view: before the end, what the moderator sees of each position (no seed, no future draws)",
      ),
    game: z
      .record(z.string(), z.unknown())
      .describe(
        'Name, variant, scenario, options, nmrPolicy, deadlines, voteRules, times, outcome, seedHash, and the seed once the game is over (null before)',
      ),
    start: z
      .object({ position: z.record(z.string(), z.unknown()) })
      .nullable()
      .describe('The position the game started from when it was taken over from another judge; null: its set-up'),
    players: z
      .array(z.record(z.string(), z.unknown()))
      .describe('Who played what: role, name (an address only where you may see it), status'),
    phases: z
      .array(z.record(z.string(), z.unknown()))
      .describe(
        'Every phase in order: seq, key, label, status, times, the state at its start, its report, and the orders as written of a resolved phase (lines, readings, accepted, receipt)',
      ),
    events: z
      .array(z.object({ kind: z.string(), text: z.string(), createdAt: z.string() }))
      .describe('What happened, addresses as you may see them'),
  })
  .describe('A game as one file, for another judge: POST /games/import takes it once the game is over');

export const Imported = z.object({
  id: z.string().describe('The new game (an archive: finished, read-only; you are its moderator)'),
  phases: z.number().int().describe('Phases replayed and kept'),
  rolledBack: z.number().int().describe('Rolled-back phases of the file, left out'),
});

export const StartFromPosition = z
  .object({
    position: z
      .record(z.string(), z.unknown())
      .describe(
        'The position of the phase to play next, in the adjudicator contract\'s format without orders (docs/contracts/adjudicate.md): {"phase": {"season": "fall", "year": 1905, "type": "movement"}, "units": [{"power": "England", "type": "F", "location": "nth"}], "supplyCenters": {"lon": "England"}}; dislodged and contested for a retreat phase, tradingPosts in Heiau',
      ),
  })
  .strict();
