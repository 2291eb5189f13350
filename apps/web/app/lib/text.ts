/**
 * Cuts text longer than `max` characters at the last word boundary within `max`, then adds "..."
 * (docs/product.md's card truncation). A single word longer than `max` is cut inside it.
 */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  // The character after the cut tells whether the cut already falls between two words.
  const head = /\s/.test(text.charAt(max)) ? text.slice(0, max) : text.slice(0, max).replace(/\S+$/, '');
  const trimmed = head.replace(/[\s,;:(–—-]+$/, '');
  return `${trimmed || text.slice(0, max)}...`;
}

/** Plain text of a Markdown string, for excerpts and card previews. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`~|-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
