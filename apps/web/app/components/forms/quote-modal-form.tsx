// Placeholder: the leads work replaces it with the real form.
export function QuoteModalForm({ onDone }: { onDone: () => void }) {
  void onDone;
  return <p>Form coming soon.</p>;
}
