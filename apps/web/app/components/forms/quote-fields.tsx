// What the header's quote modal and the regional quote forms share: their state, most of their fields,
// the local check and how a quote is sent. Their required-field checks, answers and what follows a
// send differ (docs/product.md sections 5 and 8), so each form keeps those itself.
import {
  COMPANY_SIZES,
  CONTACT_METHODS,
  HONEYPOT_FIELD,
  MESSAGES,
  NOT_SPECIFIED,
  QUOTE_FILE_MAX_BYTES,
  SELECT_PLACEHOLDER,
  SERVICES,
  SOURCES,
  type NativeFormAnswer,
} from '@agency/contract';
import { useState, type ReactNode } from 'react';
import { loadSendKit } from '~/lib/load-send-kit';
import { SelectField, TextAreaField, TextField } from './form-fields';
import { useLeadSource } from '~/lib/lead-source';
import { useProofOfWork } from '~/lib/proof-of-work';
import { sendingFirst, toFormData, useFileChoice, useFormState, withFieldError } from './form-state';

/** The values both quote forms start from; the modal adds its deadline. */
export const QUOTE_INITIAL = {
  fullName: '',
  email: '',
  phone: '',
  companyName: '',
  size: NOT_SPECIFIED,
  contactMethod: NOT_SPECIFIED,
  services: NOT_SPECIFIED,
  description: '',
  budget: NOT_SPECIFIED,
  source: NOT_SPECIFIED,
  additionalDetails: '',
};
type QuoteValues = typeof QUOTE_INITIAL;

export const QUOTE_FILE_HINT = `Any type, up to ${QUOTE_FILE_MAX_BYTES / (1024 * 1024)} MB.`;

/**
 * A quote form's state: values, answer and sending (see useFormState), the optional file and the
 * upload progress; with the steps both forms take the same way once their required fields are there.
 */
export function useQuoteForm<T extends QuoteValues>(initial: T, answered?: NativeFormAnswer | null) {
  const form = useFormState(initial, answered);
  const { showAnswer, setAnswer, setLoading, forgetError } = form;
  const { file, setFile, fileKey, clearFile } = useFileChoice();
  const [progress, setProgress] = useState<number | null>(null);
  const proofOfWork = useProofOfWork(form.formRef);
  const leadSource = useLeadSource();
  const fileError = file && file.size > QUOTE_FILE_MAX_BYTES ? MESSAGES.quote.fileTooLarge : undefined;

  const pickFile = (picked: File | null) => {
    setFile(picked);
    forgetError('file');
  };
  /**
   * The contract's checks plus the file's size, with "Submitting..." shown first (form-state.ts `sendingFirst`);
   * on a failure its answer is shown and false returned. Throws when the checks could not be fetched (the form's
   * own failure answer then applies); either way the button is back to its label.
   */
  const passesLocalChecks = async (quote: Record<string, string>, honeypot: string) => {
    if (!(await sendingFirst(form.formRef.current, setLoading, quote.email ?? ''))) return false;
    try {
      const { checkLocally, QuoteRequestSchema } = await loadSendKit();
      const invalid = withFieldError(
        checkLocally(QuoteRequestSchema, { ...quote, [HONEYPOT_FIELD]: honeypot }),
        'file',
        fileError,
      );
      if (invalid) {
        setLoading(false);
        showAnswer(invalid);
      }
      return !invalid;
    } catch (error) {
      setLoading(false);
      throw error;
    }
  };
  /**
   * Sends the quote as multipart; progress is shown only when there is a file. Throws when it fails. `toastKey`:
   * the form's, for the "still sending" toast while the site asks it to wait (lib/send-while-busy.ts).
   */
  const send = async (quote: Record<string, string>, honeypot: string, toastKey: string) => {
    setAnswer(null);
    setLoading(true);
    setProgress(file ? 0 : null);
    const { uploadForm, sendWhileBusy } = await loadSendKit();
    const extra = { ...leadSource(), ...(await proofOfWork.fields()) };
    // `loading` and `success` are part of docs/product.md's payload; the server ignores them.
    const body = toFormData(
      { ...quote, ...extra, loading: 'true', success: 'false' },
      { [HONEYPOT_FIELD]: honeypot, file },
    );
    const upload = () =>
      uploadForm<{ id: string }>('/request-quote', body, { onProgress: file ? setProgress : undefined });
    return sendWhileBusy(upload, toastKey);
  };
  /** Back to idle after a send. */
  const settle = () => {
    setLoading(false);
    setProgress(null);
  };
  return {
    ...form,
    file,
    fileKey,
    clearFile,
    pickFile,
    fileError,
    progress,
    setProgress,
    passesLocalChecks,
    send,
    settle,
  };
}

interface Bound {
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}

/** The fields of both quote forms, from Full Name to Additional Details (the file field differs). */
export function QuoteFields({
  bind,
  phoneInputMode,
  budgetLabel,
  budgets,
  afterBudget,
  sourceLabels,
  wideSource,
}: {
  bind: (name: keyof QuoteValues) => Bound;
  phoneInputMode?: 'numeric';
  budgetLabel: string;
  budgets: readonly string[];
  /** Fields one form adds after the budget. */
  afterBudget?: ReactNode;
  /** Texts to show for the source options instead of their values. */
  sourceLabels?: Readonly<Record<string, string>>;
  /** The source takes the whole row (when nothing pairs with it). */
  wideSource?: boolean;
}) {
  return (
    <>
      <TextField label="Full Name" autoComplete="name" required {...bind('fullName')} />
      <TextField label="Email" type="email" autoComplete="email" required {...bind('email')} />
      <TextField label="Phone" type="tel" inputMode={phoneInputMode} autoComplete="tel" required {...bind('phone')} />
      <TextField label="Company Name" autoComplete="organization" required {...bind('companyName')} />
      <SelectField
        label="Company Size"
        placeholder={SELECT_PLACEHOLDER}
        notSpecified
        options={COMPANY_SIZES}
        {...bind('size')}
      />
      <SelectField
        label="Preferred Contact Method"
        placeholder={SELECT_PLACEHOLDER}
        notSpecified
        options={CONTACT_METHODS}
        {...bind('contactMethod')}
      />
      <SelectField
        label="Service"
        placeholder={SELECT_PLACEHOLDER}
        notSpecified
        options={SERVICES}
        {...bind('services')}
      />
      <SelectField
        label={budgetLabel}
        placeholder={SELECT_PLACEHOLDER}
        notSpecified
        options={budgets}
        {...bind('budget')}
      />
      {afterBudget}
      <SelectField
        label="How did you hear about us?"
        className={wideSource ? 'md:col-span-2' : undefined}
        placeholder={SELECT_PLACEHOLDER}
        notSpecified
        options={SOURCES}
        labels={sourceLabels}
        {...bind('source')}
      />
      <TextAreaField label="Project Description" className="md:col-span-2" {...bind('description')} />
      <TextAreaField label="Additional Details" className="md:col-span-2" {...bind('additionalDetails')} />
    </>
  );
}
