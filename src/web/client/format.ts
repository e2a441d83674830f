// Times and names as people read them.

// Times are written by hand in the reader's zone, not by Intl: building the first Intl formatter
// loads the browser's calendar and zone names, 20-110 ms of a game page's first view on this machine
// (every page load, measured in bench:web's CPU profile), where these getters cost nothing.
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (n: number) => String(n).padStart(2, '0');

/** The reader's zone as its offset from UTC: "UTC", "UTC+1", "UTC-3:30". */
function zoneOf(d: Date): string {
  const off = -d.getTimezoneOffset();
  if (!off) return 'UTC';
  const a = Math.abs(off);
  return `UTC${off > 0 ? '+' : '-'}${Math.floor(a / 60)}${a % 60 ? `:${two(a % 60)}` : ''}`;
}

/** A moment in the reader's zone, to the second: "Sun 29 Nov 2026, 23:14:05 UTC+1" (the year only when not this one). */
export function stamp(x: Date | string | number, now = new Date()): string {
  const d = new Date(x);
  const year = d.getFullYear() === now.getFullYear() ? '' : ` ${d.getFullYear()}`;
  return `${DAYS[d.getDay()]} ${d.getDate()} ${MONTHS[d.getMonth()]}${year}, ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())} ${zoneOf(d)}`;
}

/** A deadline in the reader's zone, to the second (moderators set them to the second), and the time left. */
export function when(iso: string | null, now = Date.now()): string {
  if (!iso) return 'no deadline';
  const d = new Date(iso);
  return `${stamp(d, new Date(now))} (${left(d.getTime() - now)})`;
}

/** "in 2 h 03 min 12 s", "passed" at zero. */
export function left(ms: number): string {
  if (ms <= 0) return 'passed';
  const s = Math.floor(ms / 1000);
  const days = Math.floor(s / 86_400),
    hrs = Math.floor((s % 86_400) / 3600),
    mins = Math.floor((s % 3600) / 60),
    secs = s % 60;
  if (days) return `in ${days} d ${hrs} h ${two(mins)} min ${two(secs)} s`;
  if (hrs) return `in ${hrs} h ${two(mins)} min ${two(secs)} s`;
  if (mins) return `in ${mins} min ${two(secs)} s`;
  return `in ${secs} s`;
}

/** A deadline that counts down each second while it is on the page. */
export function countdown(iso: string | null): HTMLElement {
  const el = document.createElement('span');
  el.className = 'deadline';
  el.textContent = when(iso);
  if (iso) el.dataset.deadline = iso;
  return el;
}

// One ticker for every countdown on the page; screen readers are not told each second.
setInterval(() => {
  const now = Date.now();
  for (const el of document.querySelectorAll<HTMLElement>('[data-deadline]')) {
    const text = when(el.dataset.deadline!, now);
    if (el.textContent !== text) el.textContent = text;
  }
}, 1000);

/** A time as a datetime-local input's value: local time, to the second. */
export function localInput(d: Date): string {
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** A power as the rulebook names it (ids are for programs). */
export function power(g: { powerNames?: Record<string, string> }, role: string): string {
  return g.powerNames?.[role] ?? role;
}
