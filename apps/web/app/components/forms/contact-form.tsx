// The /connect message form (SPEC.md sections 3-5 and 8).
import { ContactSchema, HONEYPOT_FIELD, MESSAGES, type ApiError } from '@agency/contract';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from '~/components/ui/toast';
import { apiJson } from '~/lib/api';
import { FormAlert, Honeypot, SubmitButton, TextAreaField, TextField, honeypotValue } from './form-fields';
import { answerOf, checkLocally, focusFirstInvalid, useFormValues } from './form-state';

const INITIAL = { name: '', phone: '', subject: '', email: '', message: '' };

export function ContactForm() {
  const { values, set, reset } = useFormValues(INITIAL);
  const [loading, setLoading] = useState(false);
  const [answer, setAnswer] = useState<ApiError | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const fieldError = (name: string) => answer?.fields?.[name];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const form = event.currentTarget;
    if (!values.name.trim() || !values.email.trim() || !values.subject.trim()) {
      toast.info(MESSAGES.contact.fillAll);
      return;
    }
    const contact = { ...values, [HONEYPOT_FIELD]: honeypotValue(form) };
    const invalid = checkLocally(ContactSchema, contact);
    if (invalid) {
      setAnswer(invalid);
      focusFirstInvalid(form, invalid.fields);
      return;
    }

    setAnswer(null);
    setLoading(true);
    try {
      // `loading` and `success` are part of SPEC.md's payload; the server ignores them.
      await apiJson<{ id: string }>('/contact', {
        method: 'POST',
        body: { ...contact, loading: true, success: false },
      });
    } catch (error) {
      const failure = answerOf(error, MESSAGES.contact.somethingWrong);
      setAnswer(failure);
      setLoading(false);
      focusFirstInvalid(formRef.current, failure.fields);
      return;
    }
    setLoading(false);
    toast.success(MESSAGES.contact.submitted);
    reset();
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="relative grid gap-5 md:grid-cols-2"
      aria-label="Send us a message"
    >
      <Honeypot />
      <TextField
        label="Full Name"
        name="name"
        autoComplete="name"
        required
        value={values.name}
        onChange={set('name')}
        error={fieldError('name')}
      />
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        autoComplete="tel"
        value={values.phone}
        onChange={set('phone')}
        error={fieldError('phone')}
      />
      <TextField
        label="Subject"
        name="subject"
        required
        value={values.subject}
        onChange={set('subject')}
        error={fieldError('subject')}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={set('email')}
        error={fieldError('email')}
      />
      <TextAreaField
        label="Message"
        name="message"
        className="md:col-span-2"
        value={values.message}
        onChange={set('message')}
        error={fieldError('message')}
      />
      <div className="flex flex-col gap-3 md:col-span-2">
        {answer && <FormAlert>{answer.error}</FormAlert>}
        <div>
          <SubmitButton loading={loading} />
        </div>
      </div>
    </form>
  );
}
