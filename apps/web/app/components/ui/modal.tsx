// The one modal of the admin area, as a centred dialog or a drawer from the bottom of the screen.
// Render it while it is open (`{open && <Modal …>}`): focus moves in (to a `data-autofocus` element,
// else the first control), Tab stays inside, Escape, the close button or a click on the backdrop
// closes it, and focus returns to whatever opened it. Its heading names it.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useFocusTrap } from './focus-trap';
import { CloseIcon } from './icons';

export interface ModalProps {
  /** The heading; it is also the dialog's accessible name. */
  title: string;
  /** Text under the heading that says what the dialog is about (announced with the name). */
  description?: ReactNode;
  onClose: () => void;
  children?: ReactNode;
  /** `drawer` slides up from the bottom at full width (e.g. a form with long fields). */
  variant?: 'dialog' | 'drawer';
  /** `alertdialog` for a question that interrupts (a confirmation); it sits above other dialogs. */
  role?: 'dialog' | 'alertdialog';
  /** A close button in the corner; a confirmation leaves it out and is answered with its own buttons. */
  closeButton?: boolean;
  /** `xl`: a drawer with a page preview beside its form (admin-content/editor-drawer.tsx). */
  size?: 'md' | 'lg' | 'xl';
}

const PANEL = {
  dialog: 'max-h-[90vh] w-full overflow-y-auto rounded-lg bg-white p-6 shadow-xl',
  drawer: 'max-h-[90vh] w-full overflow-y-auto rounded-t-2xl bg-white p-6 shadow-2xl',
};

export function Modal({
  title,
  description,
  onClose,
  children,
  variant = 'dialog',
  role = 'dialog',
  closeButton = true,
  size = 'md',
}: ModalProps) {
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useFocusTrap(ref, true);

  useEffect(() => {
    const panel = ref.current;
    if (!panel) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      // The page behind (or a dialog this one sits in) must not react to the same key.
      event.stopPropagation();
      close.current();
    }
    panel.addEventListener('keydown', onKeyDown);
    return () => panel.removeEventListener('keydown', onKeyDown);
  }, []);

  const width = variant === 'drawer' ? '' : size === 'xl' ? 'max-w-4xl' : size === 'lg' ? 'max-w-2xl' : 'max-w-md';
  return (
    <div
      className={`fixed inset-0 flex bg-slate-950/50 ${role === 'alertdialog' ? 'z-[105]' : 'z-50'} ${
        variant === 'drawer' ? 'items-end' : 'items-center justify-center p-4'
      }`}
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={ref}
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-description` : undefined}
        className={`${PANEL[variant]} ${width}`}
      >
        <div className={variant === 'drawer' ? `mx-auto ${size === 'xl' ? 'max-w-7xl' : 'max-w-3xl'}` : ''}>
          <div className="flex items-start justify-between gap-4">
            <h2 id={`${id}-title`} className={variant === 'drawer' ? 'text-2xl font-bold' : 'text-xl font-bold'}>
              {title}
            </h2>
            {closeButton && (
              <button
                type="button"
                onClick={onClose}
                aria-label="Close"
                className="rounded-md border border-slate-400 bg-white p-2 text-slate-800 hover:bg-slate-100"
              >
                <CloseIcon />
              </button>
            )}
          </div>
          {description && (
            <div id={`${id}-description`} className="mt-2 text-slate-800">
              {description}
            </div>
          )}
          {children && <div className="mt-6">{children}</div>}
        </div>
      </div>
    </div>
  );
}
