// Placeholder: the leads work replaces it with the real form.
export function CareerForm() {
  return <p>Form coming soon.</p>;
}
