// The client's third wall against a hostile map (src/web/client/map/inert.ts), in a real browser:
// whatever the text hides (a handler, a link out, a script, a declaration that makes either), the
// drawing that joins the page has none of it; a clean map keeps every element and attribute.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientScript, launchBrowser } from './browser.ts';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
  await page.setContent('<!doctype html><div id="box"></div>');
  await page.addScriptTag({ content: await clientScript('src/web/client/map/inert.ts', 'inert') });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

/** What joined the page: every element with its attributes, and whether anything ran. */
const drawn = (text: string) =>
  page.evaluate(async (t) => {
    (window as unknown as { ran: number }).ran = 0;
    const svg = (window as unknown as { inert: { inertSvg: (x: string) => SVGSVGElement | null } }).inert.inertSvg(t);
    if (!svg) return null;
    document.getElementById('box')!.replaceChildren(svg);
    // A handler that would run has had its chance.
    for (const el of document.querySelectorAll('#box *')) el.dispatchEvent(new Event('click'));
    await new Promise((r) => setTimeout(r, 50));
    return {
      ran: (window as unknown as { ran: number }).ran,
      elements: [...document.querySelectorAll('#box *')].map(
        (el) => `${el.localName}${[...el.attributes].map((a) => ` ${a.name}=${a.value}`).join('')}`,
      ),
    };
  }, text);

const SVG = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"';

describe('a map drawn into the page', () => {
  it('loses handlers, links out and scripts, whatever their spelling', async () => {
    const r = await drawn(
      `<svg ${SVG} onload="ran++"><g ONCLICK="ran++"><path d="M0 0" onmouseover = "ran++"/></g>` +
        `<a href="javascript:ran++"><text>x</text></a><a xlink:href="https://example.org/"><text>y</text></a>` +
        `<use href="#p"/><script>ran++</script><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">z</div></foreignObject></svg>`,
    );
    expect(r!.ran).toBe(0);
    expect(r!.elements.join('\n')).not.toMatch(/\bon\w*=|javascript:|example\.org|script|foreignObject/i);
    // A link within the drawing stays.
    expect(r!.elements).toContain('use href=#p');
  });

  it('loses a handler a declaration would add (a default attribute, an entity)', async () => {
    const r = await drawn(
      // (The entity's handler spelled with a character reference: "onclick=" is nowhere in the text.)
      `<!DOCTYPE svg [<!ATTLIST path onclick CDATA "ran++"><!ENTITY e "<rect width='1' height='1' &#x6F;nclick='ran++'/>">]>` +
        `<svg ${SVG}><path d="M0 0"/>&e;</svg>`,
    );
    expect(r!.ran).toBe(0);
    expect(r!.elements.join('\n')).not.toMatch(/onclick/i);
  });

  it('keeps a clean map whole, and refuses a text that is no SVG', async () => {
    const hexes = Array.from(
      { length: 500 },
      (_, i) => `<path class="hex" data-hex="${i}" aria-label="hex ${i}" d="M${i},0h1v1z"/>`,
    ).join('');
    const r = await drawn(`<svg ${SVG} viewBox="0 0 10 10"><title>Map</title><g class="hexes">${hexes}</g></svg>`);
    expect(r!.elements).toHaveLength(503);
    expect(r!.elements[0]).toBe(
      'svg xmlns=http://www.w3.org/2000/svg xmlns:xlink=http://www.w3.org/1999/xlink viewBox=0 0 10 10',
    );
    expect(r!.elements[502]).toBe('path class=hex data-hex=499 aria-label=hex 499 d=M499,0h1v1z');
    expect(await drawn('<html><body>no map</body></html>')).toBeNull();
  });
});
