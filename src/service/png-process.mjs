// The PNG renderer's child process (see png.ts): SVG in, PNG out, one at a time. Plain JavaScript
// so it starts quickly without the TypeScript loader.
import { drawPng } from './png-draw.mjs';

process.on('message', (m) => {
  try {
    process.send({ id: m.id, png: drawPng(m.svg, m.width) });
  } catch (err) {
    process.send({ id: m.id, error: String(err && err.message ? err.message : err) });
  }
});
process.on('disconnect', () => process.exit(0));
