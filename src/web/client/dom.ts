// Building the page: elements, SVG elements, the status line read by screen readers, errors.
import { ApiError } from './api.ts';

type Attrs = Record<string, string | boolean | ((e: Event) => void)>;
type Child = Node | string | null | undefined;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, ''), v);
    else if (v === true) el.setAttribute(k, '');
    else if (v !== false) el.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) el.append(c);
  return el;
}

const SVGNS = 'http://www.w3.org/2000/svg';
export function svgEl<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string>,
): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return el;
}

export const main = document.getElementById('main')!;
export const nav = document.getElementById('nav')!;
const statusEl = document.getElementById('status')!;

export function say(text: string): void {
  statusEl.textContent = text;
}

export function errorText(e: unknown): string {
  return e instanceof ApiError ? e.message : String(e);
}

export function showError(e: unknown): HTMLElement {
  return h('p', { class: 'error', role: 'alert' }, errorText(e));
}

/** The hint above the map, read out as it changes. */
export function tellOnMap(text: string): void {
  const hint = document.getElementById('map-hint');
  if (hint) hint.textContent = text;
}
