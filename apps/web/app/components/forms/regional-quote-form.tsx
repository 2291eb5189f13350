// The /quote-uk and /quote-nepal forms (docs/product.md sections 3-5); they really send the lead (docs/product.md D4).
import {
  MESSAGES,
  QUOTE_REGIONAL_REQUIRED,
  REGIONAL_SOURCE_LABELS,
  REGION_SETTINGS,
  TIMINGS,
  type NativeFormAnswer,
  type Region,
} from '@agency/contract';
import type { FormEvent } from 'react';
import { useNavigate } from '~/lib/navigation';
import { toast } from '~/components/ui/toast';
import { DropZone, PublicForm, SubmitArea, honeypotValue } from './form-fields';
import { answerOf, focusFirstInvalid, wait } from './form-state';
import { INVALID_EMAIL_RULE, type MissingRule, firstMissing, toastRules } from './public-form.enhance';
import { QUOTE_FILE_HINT, QUOTE_INITIAL, QuoteFields, useQuoteForm } from './quote-fields';

/** Its toasts replace one another (state/toasts.ts): a success is not shown beside an earlier error. */
const TOAST_KEY = 'regional-quote';

/** "Send" with one of these empty answers this (here and, before hydration, in the page's plain script). */
const MISSING: readonly MissingRule[] = [
  {
    fields: QUOTE_REGIONAL_REQUIRED,
    message: MESSAGES.regionalQuote.missingBody,
    title: MESSAGES.regionalQuote.missingTitle,
    variant: 'error',
    key: TOAST_KEY,
  },
  // Before the island runs only: the island names a malformed address next to its field.
  { ...INVALID_EMAIL_RULE, key: TOAST_KEY },
];

/** `answered`: the server's answer to this form posted without JavaScript, when the page shows it. */
export function RegionalQuoteForm({ region, answered }: { region: Region; answered?: NativeFormAnswer | null }) {
  const settings = REGION_SETTINGS[region];
  const navigate = useNavigate();
  const quoteForm = useQuoteForm(QUOTE_INITIAL, answered);
  const { values, reset, bind, answer, setAnswer, fieldError, loading, setLoading, formRef } = quoteForm;
  const { file, fileKey, clearFile, pickFile, fileError, progress, setProgress, passesLocalChecks, send, settle } =
    quoteForm;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const missing = firstMissing(toastRules(MISSING), (field) => values[field as keyof typeof values]);
    if (missing) {
      toast.error(missing.message, { title: missing.title, key: TOAST_KEY });
      return;
    }
    const honeypot = honeypotValue(event.currentTarget);
    const quote = { ...values, region, currency: settings.currency };
    const passes = await passesLocalChecks(quote, honeypot).catch(() => null);
    if (passes === null)
      toast.error(MESSAGES.regionalQuote.errorBody, { title: MESSAGES.regionalQuote.errorTitle, key: TOAST_KEY });
    if (!passes) return;

    try {
      await send(quote, honeypot, TOAST_KEY);
    } catch (error) {
      toast.error(MESSAGES.regionalQuote.errorBody, { title: MESSAGES.regionalQuote.errorTitle, key: TOAST_KEY });
      // Bad input also gets the server's own sentence, next to the fields it names.
      const failure = answerOf(error, '');
      setAnswer(failure.error ? failure : null);
      settle();
      focusFirstInvalid(formRef.current, failure.fields);
      return;
    }
    setProgress(null);
    toast.success(MESSAGES.regionalQuote.successBody, { title: MESSAGES.regionalQuote.successTitle, key: TOAST_KEY });
    if (region === 'nepal') await wait(TIMINGS.nepalExtraWaitMs);
    reset();
    clearFile();
    setLoading(false);
    navigate('/');
  }

  return (
    <PublicForm
      formRef={formRef}
      label={`Quote request for ${settings.label}`}
      onSubmit={onSubmit}
      action={settings.path}
      withFile
      missing={MISSING}
    >
      {/* What the script adds to the quote, for the form posted without it. */}
      <input type="hidden" name="region" value={region} />
      <input type="hidden" name="currency" value={settings.currency} />
      <QuoteFields
        bind={bind}
        budgetLabel={`Budget (${settings.currency})`}
        budgets={settings.budgets}
        sourceLabels={REGIONAL_SOURCE_LABELS}
        wideSource
      />
      <DropZone
        key={fileKey}
        label="File (optional)"
        name="file"
        hint={QUOTE_FILE_HINT}
        className="md:col-span-2"
        file={file}
        onChange={pickFile}
        error={fileError ?? fieldError('file')}
      />
      <SubmitArea loading={loading} progress={progress} answer={answer} />
    </PublicForm>
  );
}
