// The one way every renderer writes a value into SVG, as text or as a double-quoted attribute:
// markup characters escaped, characters XML does not allow dropped. Data is checked against its
// grammar at load (src/contract/svg-data.ts); this holds even for data stored before that check.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export const esc = (s: string | number): string =>
  String(s)
    .replace(NOT_XML, '')
    .replace(/[&<>"]/g, (c) => ENTITY[c]!);
