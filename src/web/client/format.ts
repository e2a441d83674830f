// Times and names as people read them.

export function when(iso: string | null): string {
  if (!iso) return 'no deadline';
  const d = new Date(iso);
  const left = d.getTime() - Date.now();
  const fmt = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(d);
  if (left <= 0) return `${fmt} (passed)`;
  const hrs = Math.floor(left / 3.6e6), mins = Math.floor((left % 3.6e6) / 6e4);
  return `${fmt} (in ${hrs ? `${hrs} h ` : ''}${mins} min)`;
}

/** A time as a datetime-local input's value: local time, to the second. */
export function localInput(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** A power as the rulebook names it (ids are for programs). */
export function power(g: { powerNames?: Record<string, string> }, role: string): string {
  return g.powerNames?.[role] ?? role;
}
