// The "Request a quote" dialog's shell: server markup on every page, hidden until a "Request a quote" tap opens it
// in that frame (quote-dialog-shell.enhance.ts, plain script); the dialog with its form (quote-modal-dialog.tsx)
// takes its place once its code has arrived. Its frame is the dialog's.
import { CloseIcon } from '~/components/ui/icons';
import { QUOTE_DIALOG_TEXT, SHELL_HOOKS } from './quote-dialog-shell.enhance';

export function QuoteDialogShell() {
  return (
    <div
      {...{ [SHELL_HOOKS.shell]: '' }}
      hidden
      role="dialog"
      aria-modal="true"
      aria-labelledby="quote-shell-title"
      className="fixed inset-0 z-[60] -translate-y-full overflow-y-auto bg-white transition-transform duration-300 ease-out data-entered:translate-y-0 motion-reduce:translate-y-0 motion-reduce:transition-none"
    >
      <div className="mx-auto max-w-4xl px-6 py-8 sm:py-12">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id="quote-shell-title" className="text-3xl font-bold text-ink">
              {QUOTE_DIALOG_TEXT.title}
            </h2>
            <p className="mt-2 text-slate-600">{QUOTE_DIALOG_TEXT.intro}</p>
          </div>
          <button
            type="button"
            {...{ [SHELL_HOOKS.close]: '' }}
            aria-label="Close"
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-ink"
          >
            <CloseIcon />
          </button>
        </div>
        {/* The form's room: it arrives with the dialog's code (components/quote-modal.tsx). */}
        <div aria-busy="true" className="mt-8 min-h-[40rem]" />
      </div>
    </div>
  );
}
