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
import { QUOTE_FILE_HINT, QUOTE_INITIAL, QuoteFields, useQuoteForm } from './quote-fields';

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
    if (QUOTE_REGIONAL_REQUIRED.some((field) => !values[field].trim())) {
      toast.error(MESSAGES.regionalQuote.missingBody, { title: MESSAGES.regionalQuote.missingTitle });
      return;
    }
    const honeypot = honeypotValue(event.currentTarget);
    const quote = { ...values, region, currency: settings.currency };
    const passes = await passesLocalChecks(quote, honeypot).catch(() => null);
    if (passes === null) toast.error(MESSAGES.regionalQuote.errorBody, { title: MESSAGES.regionalQuote.errorTitle });
    if (!passes) return;

    try {
      await send(quote, honeypot);
    } catch (error) {
      toast.error(MESSAGES.regionalQuote.errorBody, { title: MESSAGES.regionalQuote.errorTitle });
      // Bad input also gets the server's own sentence, next to the fields it names.
      const failure = answerOf(error, '');
      setAnswer(failure.error ? failure : null);
      settle();
      focusFirstInvalid(formRef.current, failure.fields);
      return;
    }
    setProgress(null);
    toast.success(MESSAGES.regionalQuote.successBody, { title: MESSAGES.regionalQuote.successTitle });
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
