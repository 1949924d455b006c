/** Minutes in a day. */
export const DAY = 24 * 60;

/** How far ahead the clock is, in days, hours and minutes. */
export function offsetText(minutes: number): string {
  if (minutes === 0) return 'real time';
  const parts = [
    [Math.floor(minutes / DAY), 'day'],
    [Math.floor((minutes % DAY) / 60), 'h'],
    [minutes % 60, 'min'],
  ] as const;
  const text = parts
    .filter(([n]) => n > 0)
    .map(([n, unit]) => (unit === 'day' ? `${String(n)} ${n === 1 ? 'day' : 'days'}` : `${String(n)} ${unit}`))
    .join(' ');
  return `${text} ahead`;
}
