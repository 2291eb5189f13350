// The career form's file-picker toasts before its island has hydrated (DECISIONS.md 10), plain script attached by
// the public pages' entry (public-runtime/runtime.ts): a CV picked shows its toast in the frame it is picked, as
// the island does once it runs (career-form.tsx uses resumeToast too). The file input carries RESUME_HOOK.
import { CV_MAX_BYTES, MESSAGES } from '@agency/contract';
import { toast } from '~/state/toasts';

/** Written on the CV input by career-form.tsx. */
export const RESUME_HOOK = 'data-resume';
/** The career form's toasts replace one another (state/toasts.ts). */
export const CAREER_TOAST_KEY = 'career';

/** The toast a picked CV gets: too large (it is still kept, the server has the last word) or chosen. */
export function resumeToast(file: File) {
  if (file.size > CV_MAX_BYTES) toast.error(MESSAGES.career.fileTooLarge, { key: CAREER_TOAST_KEY });
  else toast.success(MESSAGES.career.fileSelected(file.name), { key: CAREER_TOAST_KEY });
}

/** From now on, a CV picked in a form whose island has not hydrated gets its toast here. */
export function resumeToastsBeforeHydration() {
  document.addEventListener(
    'change',
    (event) => {
      const input = event.target;
      if (!(input instanceof HTMLInputElement) || !input.hasAttribute(RESUME_HOOK)) return;
      const island = input.closest('[data-island]');
      if (!island || island.hasAttribute('data-island-live')) return;
      const file = input.files?.[0];
      if (file) resumeToast(file);
    },
    true,
  );
}
