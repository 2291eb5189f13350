// Markdown as the page previews show it (content-page-preview.tsx, post-page-preview.tsx). What is typed never
// runs here: raw HTML is shown as text, and a link or image address that is not http(s), mailto:,
// tel: or a path of this site becomes `#`. (The server strips HTML from content on save and sanitizes
// posts when it renders them; this preview is only for the editor's eyes.)
import { Marked, type Tokens } from 'marked';

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

/** What a Markdown field's help line says (blog content, content documents' long texts). */
export const MARKDOWN_HINT = '**bold**, *italic*, [a link](/packages), a line starting with “- ” for a list.';
