// Markdown as the page will show it, beside its source (content documents and blog posts). What is typed
// never runs here: raw HTML is shown as text, and a link or image address that is not http(s), mailto:,
// tel: or a path of this site becomes `#`. (The server strips HTML from content on save and sanitizes
// posts when it renders them; this preview is only for the editor's eyes.)
import { Marked, type Tokens } from 'marked';
import { useMemo } from 'react';

const SAFE_ADDRESS = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const marked = new Marked({
  gfm: true,
  breaks: false,
  async: false,
  renderer: { html: (token: Tokens.HTML | Tokens.Tag) => escapeHtml(token.text) },
  walkTokens(token) {
    if ((token.type === 'link' || token.type === 'image') && !SAFE_ADDRESS.test(token.href.trim())) token.href = '#';
  },
});

/** The source rendered to HTML for the preview: no raw HTML, no unsafe addresses. */
export const renderMarkdown = (source: string) => marked.parse(source) as string;

/** The rendered Markdown, under the "Preview" caption its field shows (grows with the text: no inner scroll). */
export function MarkdownPreview({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <div
      data-testid="markdown-preview"
      // The rendered Markdown (escaped and checked above).
      dangerouslySetInnerHTML={{ __html: html }}
      className="mt-1 min-h-12 rounded-md border border-slate-300 bg-white p-3 text-slate-900 [&_a]:text-brand-700 [&_a]:underline [&_h2]:text-xl [&_h2]:font-bold [&_h3]:font-semibold [&_li]:ml-5 [&_ol]:list-decimal [&_p]:my-2 [&_ul]:list-disc"
    />
  );
}
