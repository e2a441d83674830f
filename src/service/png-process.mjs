// The PNG renderer's child process (see png.ts): SVG in, PNG out, one at a time. Plain JavaScript
// so it starts quickly without the TypeScript loader.
import { drawPng } from './png-draw.mjs';

process.on('message', (m) => {
  try {
    // The SVG comes as UTF-8 bytes (png.ts keeps it off its heap while it waits).
    const svg =
      typeof m.svg === 'string'
        ? m.svg
        : Buffer.from(m.svg.buffer, m.svg.byteOffset, m.svg.byteLength).toString('utf8');
    process.send({ id: m.id, png: drawPng(svg, m.width) });
  } catch (err) {
    process.send({ id: m.id, error: String(err?.message ? err.message : err) });
  }
});
process.on('disconnect', () => process.exit(0));
