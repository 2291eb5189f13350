// Times as people say them (issue 31): "today at 21:22", "yesterday at 09:05", "3 Nov", "3 Nov 2025", in the
// browser's time zone; the exact time goes in a title (<HumanTime>) for whoever hovers or asks.

const pad = (n: number) => String(n).padStart(2, '0');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "21:22": the hour and minute. */
export const clockTime = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/** "today at 21:22", "yesterday at 21:22", "3 Nov" (this year), "3 Nov 2025" (another year). */
export function humanTime(value: Date | string, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const days = Math.round(
    (Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()) -
      Date.UTC(date.getFullYear(), date.getMonth(), date.getDate())) /
      864e5,
  );
  if (days === 0) return `today at ${clockTime(date)}`;
  if (days === 1) return `yesterday at ${clockTime(date)}`;
  const day = `${date.getDate()} ${MONTHS[date.getMonth()]}`;
  return date.getFullYear() === now.getFullYear() ? day : `${day} ${date.getFullYear()}`;
}

/** The exact time, for a title: "Friday, 27 November 2026 at 21:22:47". */
export const exactTime = (value: Date | string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeStyle: 'medium' }).format(new Date(value));
