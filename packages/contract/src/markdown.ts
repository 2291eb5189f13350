// The site's one Markdown renderer: blog posts (the API) and the Markdown fields of content documents (the public
// pages' loaders, on the server and at prerender) are rendered with marked, then cleaned with an allow-list so
// that no script, event handler or javascript: link from a post or a document can ever reach a visitor's browser.
// Server code only: a page's script never imports it (the loaders that do are left out of the browser build).
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { contentDocument, mapMarkdownFields } from './site-content.ts';

// Raw HTML inside Markdown is passed through by marked; the sanitizer below is what makes it safe.
const marked = new Marked({ gfm: true, breaks: false, async: false });

/** http(s) URL or a path on this site ("/..." but not the protocol-relative "//..."). */
const SAFE_IMAGE_SRC = /^(https?:\/\/|\/(?!\/))/i;

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'em',
    'strong',
    'del',
    's',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'sup',
    'sub',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
    code: ['class'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  allowedClasses: { code: ['language-*'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page's own title is the only h1.
    h1: 'h2',
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external
          ? { ...attribs, rel: 'nofollow noopener noreferrer', target: '_blank' }
          : withoutTarget(attribs),
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
  // Relative image paths ("pic.png") would resolve against /blog/…; only absolute ones are kept.
  exclusiveFilter: (frame) => frame.tag === 'img' && !SAFE_IMAGE_SRC.test(frame.attribs.src ?? ''),
};

function withoutTarget(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const { target: _target, rel: _rel, ...rest } = attribs;
  return rest;
}

/** Markdown to HTML that is safe to insert into a page as it is. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, SANITIZE);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Plain text of a Markdown document: no tags, entities decoded, whitespace collapsed. */
export function markdownToText(markdown: string): string {
  // A space after each block so "<h2>A</h2><p>B</p>" reads "A B", not "AB".
  const html = renderMarkdown(markdown).replace(/<\/(p|h[2-6]|li|blockquote|pre|td|th)>|<br\s*\/?>/gi, '$& ');
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text).replace(/\s+/g, ' ').trim();
}

export const EXCERPT_LENGTH = 160;

/** About 160 characters of plain text, cut at a word boundary, with an ellipsis when cut. */
export function excerptOf(markdown: string, max = EXCERPT_LENGTH): string {
  const text = markdownToText(markdown);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

/**
 * A content document as its page shows it: every Markdown field (`.meta({ kind: 'markdown' })`) rendered to safe
 * HTML by renderMarkdown, every other field as it is. A plain text renders to one `<p>` holding the same text.
 */
export function renderContentMarkdown<T>(key: string, data: T): T {
  const entry = contentDocument(key);
  return entry ? (mapMarkdownFields(entry.schema, data, renderMarkdown) as T) : data;
}
