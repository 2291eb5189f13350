// The full-screen "Request a quote" modal (docs/product.md section 2, header) and the context that lets the
// header or any page open it: `const { open } = useQuoteModal()`.
import {
  type ComponentType,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { LOAD_FAILED_MESSAGE } from '@agency/contract';
import { isInOtherModal, useFocusTrap } from '~/components/ui/focus-trap';
import { CloseIcon } from '~/components/ui/icons';
import { usePathnameChange } from '~/lib/use-pathname-change';

type QuoteForm = ComponentType<{ onDone: () => void }>;

/**
 * The form (and its validation schema) is not part of the first load: it is fetched when the visitor starts
 * using the page (first scroll, tap or key) or reaches a "Request a quote" button, and the modal opens only
 * once it is here, so it never shows a loading state.
 */
let quoteForm: Promise<QuoteForm> | null = null;
let loadedQuoteForm: QuoteForm | null = null;
function loadQuoteForm(): Promise<QuoteForm> {
  quoteForm ??= import('~/components/forms/quote-modal-form').then(
    (module) => (loadedQuoteForm = module.QuoteModalForm),
    (error: unknown) => {
      quoteForm = null; // a failed download may be retried on the next attempt
      throw error;
    },
  );
  return quoteForm;
}

/** Starts loading the form early, e.g. when the pointer or focus reaches a "Request a quote" button. */
export function preloadQuoteForm() {
  loadQuoteForm().catch(() => {});
}

const FIRST_USE_EVENTS = ['scroll', 'pointerdown', 'keydown', 'touchstart'] as const;

interface QuoteModalState {
  isOpen: boolean;
  open: () => void;
  close: () => void;
}

const QuoteModalContext = createContext<QuoteModalState | null>(null);

export function useQuoteModal(): QuoteModalState {
  const state = useContext(QuoteModalContext);
  if (!state) throw new Error('useQuoteModal() must be used inside <QuoteModalProvider>');
  return state;
}

/** Provides the open/close state and renders the modal itself; the site layout mounts it once. */
export function QuoteModalProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const open = useCallback(() => {
    if (loadedQuoteForm) return setOpen(true);
    void loadQuoteForm().then(
      () => setOpen(true),
      () => setOpen(true),
    );
  }, []);
  useEffect(() => {
    const onFirstUse = () => {
      for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, onFirstUse, true);
      preloadQuoteForm();
    };
    for (const type of FIRST_USE_EVENTS) window.addEventListener(type, onFirstUse, { capture: true, passive: true });
    return () => {
      for (const type of FIRST_USE_EVENTS) window.removeEventListener(type, onFirstUse, true);
    };
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ isOpen, open, close }), [isOpen, open, close]);
  // Back/forward while the modal is open leaves the page it was opened on: close it with the page.
  usePathnameChange(() => setOpen(false));
  return (
    <QuoteModalContext.Provider value={value}>
      {children}
      {isOpen && <QuoteModal onClose={close} />}
    </QuoteModalContext.Provider>
  );
}

const HEADING_ID = 'quote-modal-title';

function QuoteModal({ onClose }: { onClose: () => void }) {
  const Form = loadedQuoteForm;
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  // Mounted off-screen first, then slid in on the next frame so the transition runs.
  const [entered, setEntered] = useState(false);
  useFocusTrap(dialogRef, true, closeRef);

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
              Request a quote
            </h2>
            <p className="mt-2 text-slate-600">Tell us about your project and we will reply within one business day.</p>
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
          {Form ? (
            <Form onDone={onClose} />
          ) : (
            // Only when the download failed (offline): the visitor is told rather than shown an empty dialog.
            <p role="alert">{LOAD_FAILED_MESSAGE}</p>
          )}
        </div>
      </div>
    </div>
  );
}
