// Times and names as people read them.

// One formatter for the page: building the first loads the browser's calendar and zone names
// (about 150 ms on a slow phone), so it is built once, early, while the page waits for its answers.
let deadlineFormat: Intl.DateTimeFormat | null = null;
export function dateFormat(): Intl.DateTimeFormat {
  deadlineFormat ??= new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'short',
  });
  return deadlineFormat;
}

/** A deadline in the reader's zone, to the second (moderators set them to the second), and the time left. */
export function when(iso: string | null, now = Date.now()): string {
  if (!iso) return 'no deadline';
  const d = new Date(iso);
  return `${dateFormat().format(d)} (${left(d.getTime() - now)})`;
}

/** "in 2 h 03 min 12 s", "passed" at zero. */
export function left(ms: number): string {
  if (ms <= 0) return 'passed';
  const s = Math.floor(ms / 1000);
  const days = Math.floor(s / 86_400),
    hrs = Math.floor((s % 86_400) / 3600),
    mins = Math.floor((s % 3600) / 60),
    secs = s % 60;
  const p = (n: number) => String(n).padStart(2, '0');
  if (days) return `in ${days} d ${hrs} h ${p(mins)} min ${p(secs)} s`;
  if (hrs) return `in ${hrs} h ${p(mins)} min ${p(secs)} s`;
  if (mins) return `in ${mins} min ${p(secs)} s`;
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
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** A power as the rulebook names it (ids are for programs). */
export function power(g: { powerNames?: Record<string, string> }, role: string): string {
  return g.powerNames?.[role] ?? role;
}
