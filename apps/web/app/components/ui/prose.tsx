// A Markdown field of a content document, as the page's loader rendered it on the server (content-loader.ts:
// renderContentMarkdown, the blog's renderer and sanitizer). One paragraph is written into the template's own
// element, so a plain text gives exactly the markup it had as text; several blocks (paragraphs, lists, headings)
// go into a <div> (or the given list item) with the template's classes. Nothing here parses Markdown.
import type { JSX } from 'react';

/** The inside of a single `<p>…</p>`, or null when the HTML is more than one paragraph. */
const singleParagraph = (html: string): string | null => {
  const match = /^<p>([\s\S]*)<\/p>\s*$/.exec(html);
  return match?.[1] !== undefined && !/<\/?(?:p|h[2-6]|ul|ol|pre|blockquote|table|hr)\b/i.test(match[1])
    ? match[1]
    : null;
};

/** Links and blocks of rendered Markdown, in the colours of the text around them. */
const RICH =
  '[&_a]:underline [&_a]:underline-offset-2 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&>*+*]:mt-4 [&_h3]:font-semibold [&_h4]:font-semibold';

interface ProseProps {
  /** Sanitized HTML of the field (never Markdown source, never unsanitized). */
  html: string;
  /** The template's element for a single paragraph. */
  as?: 'p' | 'li' | 'span';
  className?: string;
}

export function Prose({ html, as = 'p', className }: ProseProps) {
  const inner = singleParagraph(html);
  const Tag: keyof JSX.IntrinsicElements = inner === null && as !== 'li' ? 'div' : as;
  const rich = /<[a-z]/i.test(inner ?? html);
  const classes = [className, rich ? RICH : ''].filter(Boolean).join(' ') || undefined;
  return <Tag className={classes} dangerouslySetInnerHTML={{ __html: inner ?? html }} />;
}
