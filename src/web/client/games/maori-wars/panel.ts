// Maori Wars: the game's own panel beside the map (turn, phase, VP, Bush Raider Box, standing instructions).
import { h } from '../../dom.ts';
import { viewOf, type Game, type MaoriWarsView } from '../../types.ts';
import { mwStandingForm } from './standing.ts';

const MW_PHASES = [
  'Reinforcement Phase',
  'Movement Phase',
  'Rally Phase',
  'Alliance Phase',
  'Combat Phase',
  'Bush Raider Phase',
  'Construction Phase',
  'Attrition Phase',
];

type Unit = MaoriWarsView['units'][number];

export function mwPanel(id: string, g: Game, standing: string[] | null): Node {
  const v = viewOf<MaoriWarsView>(g)!;
  const result = v.result;
  const box = h('section', { class: 'mw-panel', 'aria-labelledby': 'mw-title' });
  box.append(h('h2', { id: 'mw-title' }, result ? 'The game is over' : `Game Turn ${v.turn} of ${v.lastTurn}`));
  if (!result) {
    box.append(
      h('p', { class: 'mw-phase' }, h('strong', {}, `${v.side} Player Turn`), `: ${v.phase}`),
      h(
        'ol',
        { class: 'mw-phases', 'aria-label': `Phases of the ${v.side} Player Turn` },
        ...MW_PHASES.map((p) =>
          h('li', { ...(p === v.phase ? { class: 'now', 'aria-current': 'step' } : {}) }, p.replace(/ Phase$/, '')),
        ),
      ),
    );
  } else box.append(h('p', { class: 'mw-phase' }, h('strong', {}, `${result.text}.`)));

  // The one VP marker (1.0): Maori VP to the left of 0, British to the right, up to the decisive number.
  const vp = v.victoryPoints!,
    win = v.victory?.decisive ?? 9;
  const cells = [];
  for (let n = -win; n <= win; n++) {
    const here = n === Math.max(-win, Math.min(win, vp.marker));
    const name = n === 0 ? '0' : `${Math.abs(n)} ${n > 0 ? 'British' : 'Maori'}`;
    cells.push(
      h(
        'li',
        {
          class: `${n < 0 ? 'maori' : n > 0 ? 'british' : 'zero'}${here ? ' marker' : ''}`,
          title: name,
          ...(here ? { 'aria-current': 'true' } : {}),
        },
        h('span', { class: 'visually-hidden' }, name),
        h('span', { 'aria-hidden': 'true' }, String(Math.abs(n))),
      ),
    );
  }
  const track = h('ol', { class: 'mw-vp', 'aria-labelledby': 'mw-vp-title' }, ...cells);
  track.style.setProperty('--cells', String(cells.length));
  const maoriVillages = (v.structures ?? []).filter(
    (x) => x.side === 'Maori' && (x.kind === 'village' || x.kind === 'pa'),
  ).length;
  const settlements = (v.structures ?? []).filter((x) => x.kind === 'settlement').length;
  const lv = v.victory ?? {
    decisive: 9,
    minor: 2,
    major: 6,
    villagesAndPaCount: undefined,
    settlementsCount: undefined,
  };
  box.append(
    h('h3', { id: 'mw-vp-title' }, 'Victory Points'),
    h('p', { class: 'mw-vp-now' }, `Marker: ${vp.text === '0' ? '0 (nobody leads)' : `${vp.text}`}.`),
    h('div', { class: 'mw-track-ends', 'aria-hidden': 'true' }, h('span', {}, '← Maori'), h('span', {}, 'British →')),
    track,
    h(
      'ul',
      { class: 'mw-victory', 'aria-label': 'What decides victory' },
      h('li', {}, `The first side to ${lv.decisive} VP wins at once.`),
      h(
        'li',
        {},
        lv.villagesAndPaCount === false
          ? 'The British would win at once by eliminating all Maori Villages and Pa: there are none yet.'
          : `The British win at once when no Maori Village or Pa is left (${maoriVillages} now).`,
      ),
      h(
        'li',
        {},
        lv.settlementsCount === false
          ? 'The Maori would win at once by eliminating all Settlements: there are none yet (once the British build one, this counts).'
          : `The Maori win at once when no Settlement is left (${settlements} now; Forts do not count).`,
      ),
      h(
        'li',
        {},
        `Otherwise, after Game Turn ${v.lastTurn}: 0–${lv.minor - 1} VP a draw, ${lv.minor}–${lv.major - 1} a minor victory, ${lv.major}–${lv.decisive - 1} a major victory for the side the marker leans to.`,
      ),
    ),
  );

  // The Bush Raider Box (10.0): the units in it by territory, as the view shows them to this reader.
  const bush = new Map<string, Unit[]>();
  for (const u of v.units ?? []) if (u.territory) bush.set(u.territory, [...(bush.get(u.territory) ?? []), u]);
  box.append(
    h('h3', {}, 'Bush Raider Box'),
    bush.size
      ? h(
          'ul',
          { class: 'mw-bush' },
          ...[...bush].map(([t, us]) =>
            h(
              'li',
              {},
              h('strong', {}, t),
              ': ',
              us.map((u) => `${u.side} ${u.leader ?? u.kind}${u.disrupted ? ' (Disrupted)' : ''}`).join(', '),
            ),
          ),
        )
      : h('p', { class: 'muted mw-bush-empty' }, 'No unit is in the Bush Raider Box.'),
  );
  const boxed = (v.units ?? []).filter((u) => u.reinforcementBox);
  if (boxed.length)
    box.append(
      h('p', { class: 'muted' }, `Reinforcement Box: ${boxed.length} ${boxed.length === 1 ? 'unit' : 'units'}.`),
    );

  const mine = g.you?.kind === 'player' ? v.standing?.[g.you.role ?? ''] : null;
  if (mine && standing) box.append(mwStandingForm(id, mine, standing));
  return box;
}
