// The /connect message form (docs/product.md sections 3-5 and 8).
import { HONEYPOT_FIELD, MESSAGES, NATIVE_LEAD_FORMS, type NativeFormAnswer } from '@agency/contract';
import type { FormEvent } from 'react';
import { toast } from '~/components/ui/toast';
import { loadSendKit } from '~/lib/load-send-kit';
import { useLeadSource } from '~/lib/lead-source';
import { useProofOfWork } from '~/lib/proof-of-work';
import { PublicForm, SubmitArea, TextAreaField, TextField, honeypotValue } from './form-fields';
import { answerOf, sendingFirst, useFormState } from './form-state';
import { INVALID_EMAIL_RULE, type MissingRule, firstMissing, toastRules } from './public-form.enhance';

/** Its toasts replace one another (state/toasts.ts): a success is not shown beside an earlier error. */
const TOAST_KEY = 'contact';

/** "Send" with one of these empty answers this (here and, before hydration, in the page's plain script). */
const MISSING: readonly MissingRule[] = [
  { fields: ['name', 'email', 'subject'], message: MESSAGES.contact.fillAll, variant: 'info', key: TOAST_KEY },
  // Before the island runs only: the island names a malformed address next to its field.
  { ...INVALID_EMAIL_RULE, key: TOAST_KEY },
];

const INITIAL = { name: '', phone: '', subject: '', email: '', message: '' };

/** `answered`: the server's answer to this form posted without JavaScript, when the page shows it. */
export function ContactForm({ answered }: { answered?: NativeFormAnswer | null }) {
  const { values, reset, bind, answer, setAnswer, showAnswer, loading, setLoading, formRef } = useFormState(
    INITIAL,
    answered,
  );
  const proofOfWork = useProofOfWork(formRef);
  const leadSource = useLeadSource();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const form = event.currentTarget;
    const missing = firstMissing(toastRules(MISSING), (field) => values[field as keyof typeof values]);
    if (missing) {
      toast.info(missing.message, { key: TOAST_KEY });
      return;
    }
    const contact = { ...values, [HONEYPOT_FIELD]: honeypotValue(form) };
    if (!(await sendingFirst(form, setLoading, values.email))) return;
    const kit = await loadSendKit().catch(() => null);
    if (!kit) {
      setLoading(false);
      showAnswer({ error: MESSAGES.contact.somethingWrong });
      return;
    }
    const invalid = kit.checkLocally(kit.ContactSchema, contact);
    if (invalid) {
      setLoading(false);
      showAnswer(invalid);
      return;
    }

    setAnswer(null);
    setLoading(true);
    try {
      const extra = { ...leadSource(), ...(await proofOfWork.fields()) };
      // `loading` and `success` are part of docs/product.md's payload; the server ignores them.
      const body = { ...contact, ...extra, loading: true, success: false };
      await kit.sendWhileBusy(() => kit.apiJson<{ id: string }>('/contact', { method: 'POST', body }), TOAST_KEY);
    } catch (error) {
      setLoading(false);
      showAnswer(answerOf(error, MESSAGES.contact.somethingWrong));
      return;
    }
    setLoading(false);
    toast.success(MESSAGES.contact.submitted, { key: TOAST_KEY });
    reset();
  }

  return (
    <PublicForm
      formRef={formRef}
      label="Send us a message"
      onSubmit={onSubmit}
      action={NATIVE_LEAD_FORMS.contact.page}
      missing={MISSING}
    >
      <TextField label="Full Name" autoComplete="name" required {...bind('name')} />
      <TextField label="Phone" type="tel" autoComplete="tel" {...bind('phone')} />
      <TextField label="Subject" required {...bind('subject')} />
      <TextField label="Email" type="email" autoComplete="email" required {...bind('email')} />
      <TextAreaField label="Message" className="md:col-span-2" {...bind('message')} />
      <SubmitArea loading={loading} answer={answer} />
    </PublicForm>
  );
}
