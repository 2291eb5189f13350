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

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Plain text of sanitized HTML (a rendered Markdown field): no tags, entities decoded, whitespace collapsed. */
export function htmlText(html: string): string {
  return html
    .replace(/<\/(?:p|li|h[2-6]|blockquote|pre|td|th)>|<br\s*\/?>/gi, '$& ')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
      const code = /^#x/i.test(name) ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
