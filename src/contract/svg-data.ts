// The grammar of every value in game data that is drawn into a map's SVG: path data is path data,
// a colour is a colour, an id is a safe token, a name is text (escaped when written, see
// src/render/svg.ts). Game data may come from a moderator (a map, a scenario, components), and the
// map is served from kahu's own origin, so a value that does not fit is refused at load.
import { z } from 'zod';

const NUM = String.raw`-?(?:\d+(?:\.\d+)?|\.\d+)`;
// A command letter and its numbers (separated by spaces, commas or a minus sign), or a close path.
// Numbers cannot be split two ways (two numbers need a separator between them), so the match is linear.
const SEGMENT = String.raw`(?:[MmLlHhVvCcSsQqTtAa][ ,]?${NUM}(?:(?:[ ,]+|(?=-))${NUM})*|[Zz])`;
const PATH = new RegExp(String.raw`^[Mm][ ,]?${NUM}(?:(?:[ ,]+|(?=-))${NUM})*(?: *${SEGMENT})* *$`);

/** SVG path data: path commands and plain numbers, nothing else (M64.2,1085.6L64.9,1087.2Z). */
export const SvgPath = z
  .string()
  .max(2_000_000)
  .regex(PATH, 'SVG path data is path commands (M, L, H, V, C, S, Q, T, A, Z) and numbers only');

/** A colour: #rgb, #rrggbb or a CSS colour word (blue, orange). */
export const SvgColour = z
  .string()
  .regex(/^(?:#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|[a-z]{3,20})$/, 'a colour is #rgb, #rrggbb or a colour word');

/** An id that may be written as an attribute value or a key: letters, digits, hyphens and underscores. */
export const SafeId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'an id is letters, digits, hyphens and underscores (at most 64)');

// Characters XML does not allow (C0 controls but tab and newlines, U+FFFE and U+FFFF): written into
// the SVG they make the whole map unreadable.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** Text that is drawn (a name, a title, a note): any characters XML allows, escaped when written. */
export const SvgText = (max = 200) =>
  z
    .string()
    .max(max, `at most ${max} characters`)
    .refine((s) => !NOT_XML.test(s), 'control characters are not allowed in text');
