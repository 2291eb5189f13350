// The quote form of the header's modal (docs/product.md sections 3-5, docs/product.md D4 and 4.5).
import { BUDGETS_GBP, MESSAGES, NOT_SPECIFIED, QUOTE_MODAL_REQUIRED } from '@agency/contract';
import type { FormEvent } from 'react';
import { showAlert } from '~/components/ui/alert-dialog';
import { toast } from '~/components/ui/toast';
import { FileField, PublicForm, SubmitArea, TextField, honeypotValue } from './form-fields';
import { answerOf } from './form-state';
import { QUOTE_FILE_HINT, QUOTE_INITIAL, QuoteFields, useQuoteForm } from './quote-fields';

/** Its toasts replace one another (state/toasts.ts): a success is not shown beside an earlier error. */
const TOAST_KEY = 'quote';

const INITIAL = { ...QUOTE_INITIAL, deadline: '' };

export function QuoteModalForm({ onDone }: { onDone: () => void }) {
  const quoteForm = useQuoteForm(INITIAL);
  const { values, reset, bind, answer, showAnswer, fieldError, loading, formRef } = quoteForm;
  const { fileKey, clearFile, pickFile, fileError, progress, passesLocalChecks, send, settle } = quoteForm;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    // docs/product.md section 5, in its order: email first, then the other required fields.
    if (!values.email.trim()) {
      toast.info(MESSAGES.quote.emailRequired, { key: TOAST_KEY });
      return;
    }
    // docs/product.md D4: an empty deadline is sent as 'Not Specified', which counts as filled.
    const quote = { ...values, deadline: values.deadline || NOT_SPECIFIED };
    if (QUOTE_MODAL_REQUIRED.some((field) => !quote[field].trim())) {
      toast.info(MESSAGES.quote.fillRequired, { key: TOAST_KEY });
      return;
    }
    const honeypot = honeypotValue(event.currentTarget);
    const passes = await passesLocalChecks(quote, honeypot).catch(() => null);
    if (passes === null) showAnswer({ error: MESSAGES.quote.unknownError });
    if (!passes) return;

    try {
      await send(quote, honeypot, TOAST_KEY);
    } catch (error) {
      // docs/product.md section 8 shows no toast here; docs/product.md asks for a clear answer: shown inline.
      settle();
      showAnswer(answerOf(error, MESSAGES.quote.unknownError));
      return;
    }
    settle();
    toast.success(MESSAGES.quote.submitted, { key: TOAST_KEY });
    await showAlert(MESSAGES.quote.dialog);
    reset();
    clearFile();
    onDone();
  }

  return (
    <PublicForm formRef={formRef} label="Request a quote" onSubmit={onSubmit}>
      <QuoteFields
        bind={bind}
        phoneInputMode="numeric"
        budgetLabel="Budget"
        budgets={BUDGETS_GBP}
        afterBudget={<TextField label="Deadline (optional)" type="date" {...bind('deadline')} />}
      />
      <FileField
        key={fileKey}
        label="File (optional)"
        name="file"
        hint={QUOTE_FILE_HINT}
        className="md:col-span-2"
        onChange={pickFile}
        error={fileError ?? fieldError('file')}
      />
      <SubmitArea loading={loading} progress={progress} answer={answer} />
    </PublicForm>
  );
}
