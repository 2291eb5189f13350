// The context that lets the header or any page open the "Request a quote" dialog
// (components/quote-modal-dialog.tsx): `const { open } = useQuoteModal()`.
import {
  type ComponentType,
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { LOAD_FAILED_MESSAGE } from '@agency/contract';
import { toast } from '~/components/ui/toast';
import { usePathnameChange } from '~/lib/use-pathname-change';

type QuoteDialog = ComponentType<{ onClose: () => void }>;

/**
 * The dialog and its form are not part of the first load: they are fetched when the visitor starts using
 * the page (first scroll, tap or key) or reaches a "Request a quote" button, and the dialog opens only once
 * it is here, so it never shows a loading state.
 */
let quoteForm: Promise<QuoteDialog> | null = null;
let loadedQuoteForm: QuoteDialog | null = null;
function loadQuoteForm(): Promise<QuoteDialog> {
  quoteForm ??= import('~/components/quote-modal-dialog').then(
    (module) => (loadedQuoteForm = module.QuoteModal),
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
      // Offline: the visitor is told rather than left with a button that does nothing.
      () => toast.error(LOAD_FAILED_MESSAGE),
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
  const LoadedQuoteDialog = loadedQuoteForm;
  return (
    <QuoteModalContext.Provider value={value}>
      {children}
      {isOpen && LoadedQuoteDialog && <LoadedQuoteDialog onClose={close} />}
    </QuoteModalContext.Provider>
  );
}
