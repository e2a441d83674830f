// A phase's report as one reader may read it.
import type { Viewer } from '../../contract/types.ts';
import type { OrderReport } from '../adjudicator/index.ts';
import { placeName, readingWithNames } from '../orders/notation.ts';
import { ballotText } from './ballot.ts';
import { unitText } from './fog.ts';
import { type DiplomacyReport, variantOf } from './state.ts';
export function formatReport(report: DiplomacyReport, viewer: Viewer): string {
  const variant = variantOf(report);
  const lines: string[] = [];
  for (const ph of report.phases) {
    lines.push(`${ph.phase}`);
    if (ph.ballot) {
      // The ballot stays secret from the haoles (and observers) until the first Spring orders are in.
      const secret = viewer.kind === 'observer' || (viewer.kind === 'player' && ph.ballot.haoles.includes(viewer.role));
      lines.push(
        secret
          ? '  The natives have counted the ballots; the haoles learn the result after the first Spring orders.'
          : ballotText(ph.ballot, ph.ballot.stage),
      );
      continue;
    }
    if (ph.revealedBallot) lines.push(`  Revealed: ${ballotText(ph.revealedBallot).trim()}`);
    const byPower = new Map<string, OrderReport[]>();
    for (const o of ph.orders) byPower.set(o.power, [...(byPower.get(o.power) ?? []), o]);
    for (const [power, orders] of byPower) {
      lines.push(`  ${power}:`);
      for (const o of orders) {
        const mark = o.result === 'succeeds' ? '' : `  [${o.result}${o.reason ? `: ${o.reason}` : ''}]`;
        lines.push(`    ${o.reading ? readingWithNames(variant.map, o.reading) : o.text}${mark}`);
      }
    }
    if (!ph.orders.length) lines.push('  (no orders)');
    for (const d of ph.dislodged ?? [])
      lines.push(
        `  Dislodged: ${d.power} ${unitText(variant, d)} (attacked from ${placeName(variant.map, d.attackerFrom)}); ` +
          `may retreat to ${d.retreats?.map((r) => placeName(variant.map, r)).join(', ') || 'nowhere: destroyed'}`,
      );
    for (const u of ph.disbanded ?? []) lines.push(`  Removed: ${u.power} ${unitText(variant, u)}`);
    for (const [p, [from, to]] of Object.entries(ph.captured ?? {}))
      lines.push(`  ${placeName(variant.map, p)}: ${from ?? 'unowned'} -> ${to}`);
  }
  if (report.outcome) lines.push('', report.outcome.text);
  return lines.join('\n');
}
