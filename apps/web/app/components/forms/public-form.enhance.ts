// A public form's first answers before its island has hydrated (DECISIONS.md 10), plain script attached by the
// public pages' entry (public-runtime/runtime.ts), no React: "Send" on a form with a required field empty shows
// the form's own message for it (packages/contract's MESSAGES, the same rule the island applies: MISSING_RULES of
// each form, written on its <form> by PublicForm, form-fields.tsx) in the frame of the tap; a complete form shows
// that it is sending (`data-sending`, which SubmitButton's label follows) while its island loads, and is sent by
// the island once, with what was typed (lib/early-clicks.ts records it, the island replays it).
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from '@agency/contract';
import { type ToastVariant, toast } from '~/state/toasts';

/** The attributes PublicForm writes and this script reads or sets. */
export const FORM_HOOKS = {
  /** JSON: the form's MissingRule list. */
  rules: 'data-missing-rules',
  /** Set while a form sent before its island hydrated waits for it. */
  sending: 'data-sending',
} as const;

/** When one of `fields` is empty (or, with `pattern`, does not match it), the form answers "Send" with this toast. */
export interface MissingRule {
  fields: readonly string[];
  /** A filled field must match this (a RegExp's source), e.g. the contract's EMAIL_PATTERN. */
  pattern?: string;
  message: string;
  title?: string;
  variant: Extract<ToastVariant, 'info' | 'error'>;
  /** The form's toast key (state/toasts.ts): a later toast of the form replaces it. */
  key: string;
  /**
   * The island names every missing field next to it (the career form): the send, refused here with this toast at
   * once, is still recorded for the island (lib/early-clicks.ts), which shows them when it runs.
   */
  island?: true;
}

/** A malformed email address (the contract's check); the island names it next to its field. */
export const INVALID_EMAIL_RULE = {
  fields: ['email'],
  pattern: EMAIL_PATTERN,
  message: INVALID_EMAIL_MESSAGE,
  variant: 'error',
  island: true,
} as const satisfies Omit<MissingRule, 'key'>;

/** The first rule with an empty (or malformed) field, in order (the seed's message for the first missing field). */
export function firstMissing(rules: readonly MissingRule[], value: (field: string) => string): MissingRule | null {
  const fails = (rule: MissingRule, field: string) => {
    const shown = value(field).trim();
    return !shown || (rule.pattern !== undefined && !new RegExp(rule.pattern).test(shown));
  };
  return rules.find((rule) => rule.fields.some((field) => fails(rule, field))) ?? null;
}

/** The rules an island applies itself with a toast (those marked `island` it answers next to the fields). */
export const toastRules = (rules: readonly MissingRule[]) => rules.filter((rule) => !rule.island);

const fieldValue = (form: HTMLFormElement) => (name: string) => {
  const field = form.elements.namedItem(name);
  return field && 'value' in field && typeof field.value === 'string' ? field.value : '';
};

/**
 * Answers a send of a form whose island has not hydrated: true when it was refused (a field is missing) and the
 * island need not see it.
 */
function answer(form: HTMLFormElement): boolean {
  let rules: MissingRule[] = [];
  try {
    rules = JSON.parse(form.getAttribute(FORM_HOOKS.rules) ?? '[]') as MissingRule[];
  } catch {
    return false;
  }
  const missing = firstMissing(rules, fieldValue(form));
  if (missing) {
    toast(missing.message, { variant: missing.variant, title: missing.title, key: missing.key });
    return !missing.island;
  }
  form.setAttribute(FORM_HOOKS.sending, '');
  return false;
}

const waitsForIsland = (form: Element) => {
  const island = form.closest('[data-island]');
  return island !== null && !island.hasAttribute('data-island-live') && form.hasAttribute(FORM_HOOKS.rules);
};

/** From now on, answers the sends of forms whose island has not hydrated; and those recorded before now. */
export function answerEarlySends() {
  // Sent before this script ran: recorded by the early script; a refused one is dropped from its list.
  const recorded = window.__earlySubmits ?? [];
  for (const form of [...recorded]) {
    if (waitsForIsland(form) && answer(form)) recorded.splice(recorded.indexOf(form), 1);
  }
  // On window, in the capture phase: before the early script (on document) records it.
  window.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !waitsForIsland(form)) return;
      if (!answer(form)) return;
      event.preventDefault();
      event.stopPropagation();
    },
    true,
  );
}
