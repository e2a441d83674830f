// Makes assets/fonts/map/: the bundled DejaVu Sans files cut down to the characters in
// CUT_RANGES (src/service/png-draw.mjs), which PNG maps are drawn with when they need no other.
// `npx tsx scripts/subset-fonts.ts`; needs fontTools (Debian: apt-get install python3-fonttools).
import { execFileSync } from 'node:child_process';
import { CUT_RANGES, cutFonts, fullFonts } from '../src/service/png-draw.mjs';

const unicodes = CUT_RANGES.map(([a, b]) => `U+${a.toString(16)}-${b.toString(16)}`).join(',');
fullFonts.forEach((full, i) => {
  // No hinting: resvg does not use it. Every layout feature kept, so shaping is unchanged.
  execFileSync(
    '/usr/bin/python3',
    [
      '-m',
      'fontTools.subset',
      full,
      `--unicodes=${unicodes}`,
      '--no-hinting',
      '--layout-features=*',
      `--output-file=${cutFonts[i]}`,
    ],
    { stdio: 'inherit' },
  );
});
