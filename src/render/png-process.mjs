// The PNG renderer's child process (see png.ts): SVG in, PNG out, one at a time. Plain JavaScript
// so it starts quickly without the TypeScript loader.
import { Resvg } from '@resvg/resvg-js';

process.on('message', (m) => {
  try {
    const png = new Resvg(m.svg, m.options).render().asPng();
    process.send({ id: m.id, png });
  } catch (err) {
    process.send({ id: m.id, error: String(err && err.message ? err.message : err) });
  }
});
process.on('disconnect', () => process.exit(0));
