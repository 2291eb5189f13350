// The page beside the form (issue 31, item 1): the real public page, drawn by the same components and CSS the
// visitor gets, from the editor's draft as it is typed. It is drawn into a same-origin frame of its own (an empty
// document, `srcdoc`, given the admin page's stylesheets) so that the page's own media queries see a desktop or a
// phone width; the frame is scaled down to fit beside the form. Being part of the editor's React tree, it follows
// each keystroke without a save or a message between windows, and needs no page, session or address of its own.
// Nothing in it runs as on the site: a click never follows a link, submits a form or opens a menu; it names the
// text clicked (onTextClick), whose field the editor then focuses (find-field.ts).
import { Component, type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { DraftPreviewBanner } from '~/components/layout/draft-preview-banner';
import { SiteFooter } from '~/components/layout/site-footer';
import { SiteHeader } from '~/components/layout/site-header';
import { SiteContext } from '~/lib/site-content';
import type { SiteDocument } from '@agency/contract';

/** The widths the page is drawn at: a laptop's, and a phone's. */
export const PREVIEW_WIDTHS = { desktop: 1280, phone: 390 } as const;
export type PreviewWidth = keyof typeof PREVIEW_WIDTHS;

const FRAME_DOCUMENT = '<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"></head><body></body></html>';

/** What a click in the frame is read from: the nearest element holding a text of its own. */
const TEXT_ELEMENTS =
  'h1, h2, h3, h4, h5, h6, p, li, dt, dd, td, th, blockquote, figcaption, summary, label, a, button';

/** The texts show they can be clicked (the frame's own stylesheet, beside the site's). */
const FRAME_STYLE = `:is(${TEXT_ELEMENTS}):hover { outline: 2px solid #2563eb; outline-offset: 2px; cursor: pointer; }`;

/** The text of the element clicked, whitespace collapsed. */
export function clickedText(target: EventTarget | null): string {
  if (!target || !(target as Node).nodeType) return '';
  const node = target as Element;
  const element = node.closest?.(TEXT_ELEMENTS) ?? node;
  return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** A draft the page cannot draw (a list emptied mid-edit) says so in the frame, not by breaking the editor. */
class PreviewBoundary extends Component<{ children: ReactNode; draft: unknown }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidUpdate(previous: { draft: unknown }) {
    if (this.state.failed && previous.draft !== this.props.draft) this.setState({ failed: false });
  }
  override render() {
    return this.state.failed ? (
      <p role="alert" className="m-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-900">
        The page cannot be drawn from this draft yet; the form names what is missing.
      </p>
    ) : (
      this.props.children
    );
  }
}

export function PageFrame({
  title,
  site,
  draft,
  onTextClick,
  children,
}: {
  /** The frame's accessible name, e.g. "Preview of the Home page". */
  title: string;
  /** The site document the header and footer show (the draft's own when it is the one edited). */
  site: SiteDocument;
  /** The draft drawn: a change clears an earlier failure to draw it. */
  draft: unknown;
  /** A text of the page was clicked. */
  onTextClick: (text: string) => void;
  /** The page's body, as its route draws it. */
  children: ReactNode;
}) {
  const [width, setWidth] = useState<PreviewWidth>('desktop');
  const [body, setBody] = useState<HTMLElement | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const [boxSize, setBoxSize] = useState({ width: 0, height: 0 });
  const onText = useRef(onTextClick);
  useLayoutEffect(() => {
    onText.current = onTextClick;
  });

  // The frame's box follows the space beside the form.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setBoxSize({ width: element.clientWidth, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  /** The empty document is ready: it gets the site's stylesheets and the click handling, then the page. */
  function onLoad(frame: HTMLIFrameElement) {
    const doc = frame.contentDocument;
    if (!doc?.body || doc.body === body) return;
    for (const sheet of document.head.querySelectorAll('link[rel="stylesheet"], style'))
      doc.head.append(sheet.cloneNode(true));
    const style = doc.createElement('style');
    style.textContent = FRAME_STYLE;
    doc.head.append(style);
    // Captured above the page: no link, button or island of the page reacts; the text clicked is named.
    doc.addEventListener(
      'click',
      (event) => {
        event.preventDefault();
        event.stopPropagation();
        const text = clickedText(event.target);
        if (text) onText.current(text);
      },
      true,
    );
    doc.addEventListener('submit', (event) => event.preventDefault(), true);
    setBody(doc.body);
  }

  const frameWidth = PREVIEW_WIDTHS[width];
  const scale = boxSize.width ? Math.min(1, boxSize.width / frameWidth) : 1;
  return (
    <div className="overflow-hidden rounded-md border border-slate-300 bg-slate-50">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-300 bg-white px-3 py-2">
        <p className="text-sm text-slate-700">Click a text to edit it.</p>
        <div role="group" aria-label="Preview width" className="flex gap-1">
          {(Object.keys(PREVIEW_WIDTHS) as PreviewWidth[]).map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={width === option}
              onClick={() => setWidth(option)}
              className={`rounded-md border px-2 py-1 text-sm ${
                width === option
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-400 bg-white text-slate-800'
              }`}
            >
              {option === 'desktop' ? 'Desktop' : 'Phone'}
            </button>
          ))}
        </div>
      </div>
      <div ref={box} className="relative h-[75vh] overflow-hidden">
        <iframe
          title={title}
          srcDoc={FRAME_DOCUMENT}
          data-testid="page-preview-frame"
          data-width={width}
          onLoad={(event) => onLoad(event.currentTarget)}
          className="absolute top-0 origin-top-left border-0 bg-white"
          style={{
            width: frameWidth,
            height: scale ? boxSize.height / scale : boxSize.height,
            left: Math.max(0, (boxSize.width - frameWidth * scale) / 2),
            transform: `scale(${scale})`,
          }}
        />
      </div>
      {body &&
        createPortal(
          <SiteContext.Provider value={site}>
            <DraftPreviewBanner />
            <SiteHeader />
            <main id="main" tabIndex={-1} className="min-h-[50vh] focus:outline-none">
              <PreviewBoundary draft={draft}>{children}</PreviewBoundary>
            </main>
            <SiteFooter />
          </SiteContext.Provider>,
          body,
        )}
    </div>
  );
}
