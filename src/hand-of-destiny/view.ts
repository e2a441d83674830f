// What each reader may see. A player sees the map (enemy stacks hidden under fog of war), both
// Recruit Boxes, the card drawn this turn (shown face up, 8.0), the discards, his own held cards
// and standing instructions, and only the number of the enemy's held cards. Nobody, the moderator
// included, sees the order of the decks, the seed or the random stream until the game ends.
import type { Viewer } from '../contract/types.ts';
import { drawsText } from '../contract/random.ts';
import type { TurnReport } from './engine.ts';
import { phaseKey } from './engine.ts';
import { Game, type HodState, type ReportEntry } from './model.ts';
import { STANDING_HELP, standingLines } from './standing.ts';

export interface UnitView {
  id: string;
  name: string;
  kind: string;
  strength: number;
  elite: boolean;
  owner: string | null;
}

export interface SpaceView {
  id: string;
  name: string;
  fort: boolean;
  fortMarker: string | null;
  colour: string | null;
  island: string | null;
  units: UnitView[];
  /** Fog of war: enemy stacks the viewer may not examine. */
  hidden: { side: string; count: number }[];
  /** 11.8: the side that landed after winning a sea battle and holds the beach (the other side holds the space); null when none. */
  beach: string | null;
}

function readerSide(g: Game, viewer: Viewer): string | null {
  return viewer.kind === 'player' && g.c.sideIds.includes(viewer.role) ? viewer.role : null;
}

function unitView(g: Game, id: string): UnitView {
  const u = g.u(id);
  return { id, name: u.name, kind: u.kind, strength: u.strength, elite: !!u.elite, owner: g.s.units[id]!.owner };
}

function cardView(g: Game, side: string, n: number) {
  const c = g.card(side, n);
  return {
    number: n,
    title: c.title,
    fleetMoves: c.fleetMoves,
    recruit: c.recruit,
    event: c.event ?? null,
    text: c.text ?? null,
    hold: !!c.hold,
  };
}

export function viewState(s: HodState, viewer: Viewer) {
  const g = new Game(s);
  const me = readerSide(g, viewer);
  const moderator = viewer.kind === 'moderator';
  const fog = s.options.fogOfWar && !moderator;
  const spaces: SpaceView[] = s.scenario.spaces
    .filter((sp) => sp.type === 'land')
    .map((sp) => {
      const ids = g.unitsAt(sp.id);
      const visible: string[] = [];
      const hidden: { side: string; count: number }[] = [];
      const mineHere = me !== null && ids.some((id) => s.units[id]!.owner === me);
      for (const side of [...g.c.sideIds, null]) {
        const group = ids.filter((id) => s.units[id]!.owner === side);
        if (!group.length) continue;
        // 10.0: enemy stacks are hidden unless the reader's own units share the space.
        if (fog && side !== null && side !== me && !mineHere) hidden.push({ side, count: group.length });
        else visible.push(...group);
      }
      return {
        id: sp.id,
        name: sp.name,
        fort: !!sp.fort,
        fortMarker: s.forts.find((f) => f.space === sp.id)?.owner ?? null,
        colour: sp.colour ?? null,
        island: sp.island ?? null,
        units: visible.map((id) => unitView(g, id)),
        hidden,
        beach: s.beach?.[sp.id] ?? null,
      };
    });
  const cards = Object.fromEntries(
    g.c.sideIds.map((side) => {
      const d = s.decks[side]!;
      const own = moderator || me === side;
      return [
        side,
        {
          drawn: d.drawn !== null ? cardView(g, side, d.drawn) : null,
          held: own ? d.held.map((n) => cardView(g, side, n)) : null,
          heldCount: d.held.length,
          deckCount: d.draw.length + d.opening.length,
          discard: d.discard.map((n) => cardView(g, side, n)),
          removed: d.removed.map((n) => cardView(g, side, n)),
        },
      ];
    }),
  );
  const boxes = Object.fromEntries(
    g.c.sideIds.map((side) => [
      side,
      g
        .unitIds()
        .filter((id) => s.units[id]!.at === 'box' && s.units[id]!.owner === side)
        .map((id) => unitView(g, id)),
    ]),
  );
  const dead = g
    .unitIds()
    .filter((id) => s.units[id]!.at === 'dead')
    .map((id) => unitView(g, id));
  return {
    game: s.scenario.name,
    scenario: {
      id: s.scenario.id,
      name: s.scenario.name,
      unofficial: s.scenario.unofficial,
      provenance: s.scenario.provenance,
    },
    setup: s.setup,
    viewer: me ?? viewer.kind,
    phase: s.outcome ? null : phaseKey(s),
    turn: { number: s.turn, label: g.turnLabel(), of: s.scenario.turns.labels.length },
    side: s.outcome ? null : s.side,
    sides: s.scenario.sides.map((x) => ({ id: x.id, name: x.name })),
    options: s.options,
    spaces,
    recruitBoxes: boxes,
    dead,
    cards,
    drawReport: s.drawReport.map((e) => entryText(e, viewer, me)).filter((t): t is string => t !== null),
    standing: moderator ? s.standing : me ? { [me]: s.standing[me] } : {},
    // The decisions the rules give a player, as his standing instructions or their defaults, in words.
    standingInstructions: Object.fromEntries(
      (moderator ? g.c.sideIds : me ? [me] : []).map((side) => [side, standingLines(g, side)]),
    ),
    standingHelp: moderator || me ? STANDING_HELP : null,
    contested: s.contested,
    outcome: s.outcome,
    // Never the seed, the random stream or the deck order, not even to the moderator: whoever sees
    // them knows every coming draw and die (the seed is published when the game ends).
    ...(moderator ? { usedOnce: s.usedOnce, playerTurns: s.playerTurns } : {}),
  };
}

function visible(e: ReportEntry, viewer: Viewer, me: string | null): boolean {
  if (!e.to || viewer.kind === 'moderator') return true;
  return me !== null && e.to.includes(me);
}

/**
 * The text of a report entry for a reader, or null when it is not his to read; with the draws it
 * used, so that anyone can check them once the seed is public.
 */
export function entryText(e: ReportEntry, viewer: Viewer, me: string | null): string | null {
  if (!visible(e, viewer, me)) return null;
  const v = e.versions
    ? viewer.kind === 'moderator'
      ? e.versions.moderator
      : me !== null
        ? e.versions[me]
        : undefined
    : undefined;
  const text = v ?? e.text;
  // Observers read no draw numbers: under the fog, the gap between the numbers on the lines they
  // read would count the dice of a battle they may not see. Once the seed is public the replay
  // checks every draw.
  return e.draws && viewer.kind !== 'observer' ? `${text} (${drawsText(e.draws)})` : text;
}

export function formatReportText(report: TurnReport, viewer: Viewer): string {
  const me = viewer.kind === 'player' ? viewer.role : null;
  const lines = report.entries.map((e) => entryText(e, viewer, me)).filter((t): t is string => t !== null);
  return [`${report.label}`, ...lines.map((l) => (l.startsWith('—') ? `\n${l}` : `  ${l}`))].join('\n');
}

export function formatPositionText(s: HodState, viewer: Viewer): string {
  const v = viewState(s, viewer);
  const g = new Game(s);
  const out: string[] = [];
  out.push(
    `${v.game}${s.scenario.unofficial ? ' (unofficial reconstructed scenario data)' : ''}: ${v.turn.label}${v.side ? `, ${g.possessive(v.side)} turn` : ''}.`,
  );
  if (v.outcome) out.push(v.outcome.text);
  out.push('');
  for (const sp of v.spaces) {
    const parts: string[] = [];
    for (const side of [...g.c.sideIds, null]) {
      const us = sp.units.filter((u) => u.owner === side);
      if (us.length)
        parts.push(
          `${g.sideName(side)}: ${us.map((u) => `${u.name} (${u.strength}${u.elite ? '+' : ''})`).join(', ')}`,
        );
    }
    for (const h of sp.hidden)
      parts.push(
        `${g.sideName(h.side)}: hidden ×${h.count} (${h.count === 1 ? 'one unit' : `${h.count} units`} under the fog of war)`,
      );
    const tags = [
      sp.fort ? 'fort' : '',
      sp.fortMarker ? `${g.sideName(sp.fortMarker)} fort marker` : '',
      sp.beach ? `${g.sideName(sp.beach)} on the beach` : '',
    ]
      .filter(Boolean)
      .join(', ');
    out.push(`${sp.name}${tags ? ` [${tags}]` : ''}: ${parts.length ? parts.join('; ') : 'empty'}`);
  }
  out.push('');
  for (const side of g.c.sideIds) {
    const box = v.recruitBoxes[side]!;
    out.push(
      `${g.sideName(side)} Recruit Box: ${box.length ? box.map((u) => `${u.name} (${u.strength}${u.elite ? '+' : ''})`).join(', ') : 'empty'}`,
    );
  }
  if (v.dead.length) out.push(`Eliminated for good: ${v.dead.map((u) => u.name).join(', ')}`);
  out.push('');
  for (const side of g.c.sideIds) {
    const c = v.cards[side]!;
    const held = c.held
      ? c.held.length
        ? c.held.map((x) => `#${x.number} ${x.title}`).join(', ')
        : 'none'
      : `${c.heldCount} card(s)`;
    out.push(
      `${g.sideName(side)} cards: ${c.drawn ? `drawn #${c.drawn.number} ${c.drawn.title}; ` : ''}held: ${held}; deck: ${c.deckCount}; discards: ${c.discard.map((x) => `#${x.number}`).join(', ') || 'none'}`,
    );
  }
  if (v.drawReport.length) {
    out.push('');
    out.push(...v.drawReport);
  }
  for (const [side, lines] of Object.entries(v.standingInstructions)) {
    out.push('');
    out.push(
      `${viewer.kind === 'moderator' ? `${g.possessive(side)} decisions` : 'Your decisions'} during the turns, as the STANDING instructions give them or by default (change them with ${STANDING_HELP}):`,
    );
    out.push(...lines.map((l) => `  ${l}`));
  }
  return out.join('\n');
}
