// The full-screen "Request a quote" dialog (docs/product.md section 2, header) with its form. Not part of
// the first load: components/quote-modal.tsx fetches it when the visitor starts using the page; a tap before it is
// here is answered by the dialog's shell (quote-dialog-shell.tsx), whose place it takes.
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { QuoteModalForm } from '~/components/forms/quote-modal-form';
import { isInOtherModal, useFocusTrap } from '~/components/ui/focus-trap';
import { CloseIcon } from '~/components/ui/icons';
import { QUOTE_DIALOG_TEXT, handOverQuoteShell } from './quote-dialog-shell.enhance';

const HEADING_ID = 'quote-modal-title';

export function QuoteModal({ onClose }: { onClose: () => void }) {
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // Mounted off-screen first, then slid in on the next frame so the transition runs.
  const [entered, setEntered] = useState(false);
  // Opened by a tap whose first answer was the shell (quote-dialog-shell.enhance.ts): shown where the shell was,
  // without sliding again. Before the first paint, and before the focus trap takes the shell's opener.
  const shellOpener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const handedOver = handOverQuoteShell();
    if (!handedOver) return;
    shellOpener.current = handedOver.opener;
    setEntered(true);
    // Focus never leaves the dialog in between.
    closeRef.current?.focus();
  }, []);
  useFocusTrap(dialogRef, true, closeRef, shellOpener);

  useEffect(() => {
    const frame = requestAnimationFrame(() => setEntered(true));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (dialogRef.current && isInOtherModal(dialogRef.current, document.activeElement)) return;
      onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    // The page behind must not scroll while the modal covers it.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('keydown', onKeyDown);
      document.body.style.overflow = overflow;
    };
  }, [onClose]);

  return (
    <div
      ref={dialogRef}
      role="dialog"
      aria-modal="true"
      aria-labelledby={HEADING_ID}
      className={`fixed inset-0 z-[60] overflow-y-auto bg-white transition-transform duration-300 ease-out motion-reduce:transition-none ${entered ? 'translate-y-0' : '-translate-y-full motion-reduce:translate-y-0'}`}
    >
      <div className="mx-auto max-w-4xl px-6 py-8 sm:py-12">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={HEADING_ID} className="text-3xl font-bold text-ink">
              {QUOTE_DIALOG_TEXT.title}
            </h2>
            <p className="mt-2 text-slate-600">{QUOTE_DIALOG_TEXT.intro}</p>
          </div>
          <button
            ref={closeRef}
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-ink"
          >
            <CloseIcon />
          </button>
        </div>
        <div className="mt-8">
          <QuoteModalForm onDone={onClose} />
        </div>
      </div>
    </div>
  );
}
