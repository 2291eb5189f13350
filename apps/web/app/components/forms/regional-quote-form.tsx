import type { Region } from '@agency/contract';
// Placeholder: the leads work replaces it with the real form.
export function RegionalQuoteForm({ region }: { region: Region }) {
  void region;
  return <p>Form coming soon.</p>;
}
