// A map's SVG text read as an inert XML document and kept to drawing only (no script, no handler,
// no link out) before it joins the page: the map's data may come from a moderator. The server
// escapes what it draws and the page's policy runs no inline script; this is the third wall.

/** The drawing, ready to join the page (moved, not copied), or null when the text is not an SVG. */
export function inertSvg(text: string): SVGSVGElement | null {
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  if (doc.documentElement.localName !== 'svg') return null;
  for (const x of [...doc.querySelectorAll('script, foreignObject, iframe, object, embed')]) x.remove();
  // Every attribute of every element is looked at only when the text has a handler or a link at all
  // (an XML attribute follows a space), or a declaration that could make one (<!DOCTYPE, with its
  // default attributes and entities): a Maori Wars map has 3,000 elements and none of these.
  if (/\s(?:on[\w.:-]*|[\w.:-]*href)\s*=|<!/i.test(text))
    for (const x of [...doc.querySelectorAll('*')]) {
      for (const a of [...x.attributes])
        if (/^on/i.test(a.name) || (/href$/i.test(a.name) && !/^#/.test(a.value.trim()))) x.removeAttribute(a.name);
    }
  return document.adoptNode(doc.documentElement) as unknown as SVGSVGElement;
}
