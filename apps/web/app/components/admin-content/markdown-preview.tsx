// Markdown as the page will show it, beside its source (content documents and blog posts). The HTML is
// rendered in a sandboxed frame without scripts or same-origin access, so nothing typed can run here;
// the server strips HTML from content on save and sanitizes posts when it renders them.
import { Marked } from 'marked';
import { useMemo } from 'react';

const marked = new Marked({ gfm: true, breaks: false, async: false });

const FRAME_STYLE =
  'body{font:16px/1.6 system-ui,sans-serif;color:#0f172a;margin:12px}img{max-width:100%}a{color:#1d4ed8}h2,h3,h4{line-height:1.25}';

/** The source rendered to HTML, for the preview frame only. */
export const renderMarkdown = (source: string) => marked.parse(source) as string;

export function MarkdownPreview({ source, label }: { source: string; label: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <iframe
      title={`Preview of ${label}`}
      sandbox=""
      srcDoc={`<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${FRAME_STYLE}</style></head><body>${html}</body></html>`}
      className="mt-1 h-48 w-full rounded-md border border-slate-300 bg-white"
    />
  );
}
