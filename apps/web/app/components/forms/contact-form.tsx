// Placeholder: the leads work replaces it with the real form.
export function ContactForm() {
  return <p>Form coming soon.</p>;
}
