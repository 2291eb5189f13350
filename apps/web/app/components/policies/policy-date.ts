/** An ISO date (YYYY-MM-DD) as en-GB prose, e.g. "1 November 2026"; UTC so server and browser agree. */
export function formatPolicyDate(isoDate: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}
