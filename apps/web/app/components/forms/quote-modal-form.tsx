// The quote form of the header's modal (SPEC.md sections 3-5, DECISIONS.md 4.2 and 4.5).
import {
  BUDGETS_GBP,
  COMPANY_SIZES,
  CONTACT_METHODS,
  HONEYPOT_FIELD,
  MESSAGES,
  NOT_SPECIFIED,
  QUOTE_FILE_MAX_BYTES,
  QUOTE_MODAL_REQUIRED,
  QuoteRequestSchema,
  SELECT_PLACEHOLDER,
  SERVICES,
  SOURCES,
  type ApiError,
} from '@agency/contract';
import { useRef, useState, type FormEvent } from 'react';
import { showAlert } from '~/components/ui/alert-dialog';
import { toast } from '~/components/ui/toast';
import { uploadForm } from '~/lib/upload';
import {
  FileField,
  FormAlert,
  Honeypot,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  UploadProgress,
  honeypotValue,
} from './form-fields';
import { answerOf, checkLocally, focusFirstInvalid, toFormData, useFormValues } from './form-state';

const INITIAL = {
  fullName: '',
  email: '',
  phone: '',
  companyName: '',
  size: NOT_SPECIFIED,
  contactMethod: NOT_SPECIFIED,
  services: NOT_SPECIFIED,
  description: '',
  budget: NOT_SPECIFIED,
  deadline: '',
  source: NOT_SPECIFIED,
  additionalDetails: '',
};

export function QuoteModalForm({ onDone }: { onDone: () => void }) {
  const { values, set, reset } = useFormValues(INITIAL);
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [loading, setLoading] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [answer, setAnswer] = useState<ApiError | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const fileError = file && file.size > QUOTE_FILE_MAX_BYTES ? MESSAGES.quote.fileTooLarge : undefined;
  const fieldError = (name: string) => answer?.fields?.[name];

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (loading) return;
    const form = event.currentTarget;
    // SPEC.md section 5, in its order: email first, then the other required fields.
    if (!values.email.trim()) {
      toast.info(MESSAGES.quote.emailRequired);
      return;
    }
    // DECISIONS.md 4.2: an empty deadline is sent as 'Not Specified', which counts as filled.
    const quote = { ...values, deadline: values.deadline || NOT_SPECIFIED };
    if (QUOTE_MODAL_REQUIRED.some((field) => !quote[field].trim())) {
      toast.info(MESSAGES.quote.fillRequired);
      return;
    }
    const honeypot = honeypotValue(form);
    const invalid = checkLocally(QuoteRequestSchema, { ...quote, [HONEYPOT_FIELD]: honeypot });
    if (invalid || fileError) {
      const fields = { ...invalid?.fields, ...(fileError ? { file: fileError } : {}) };
      setAnswer({ error: invalid?.error ?? fileError ?? MESSAGES.http.badRequest, fields });
      focusFirstInvalid(form, fields);
      return;
    }

    setAnswer(null);
    setLoading(true);
    setProgress(file ? 0 : null);
    try {
      // `loading` and `success` are part of SPEC.md's payload; the server ignores them.
      const body = toFormData({ ...quote, loading: 'true', success: 'false' }, { [HONEYPOT_FIELD]: honeypot, file });
      await uploadForm<{ id: string }>('/request-quote', body, { onProgress: file ? setProgress : undefined });
    } catch (error) {
      // SPEC.md section 8 shows no toast here; DECISIONS.md asks for a clear answer: shown inline.
      const failure = answerOf(error, MESSAGES.quote.unknownError);
      setAnswer(failure);
      setLoading(false);
      setProgress(null);
      focusFirstInvalid(formRef.current, failure.fields);
      return;
    }
    setLoading(false);
    setProgress(null);
    toast.success(MESSAGES.quote.submitted);
    await showAlert(MESSAGES.quote.dialog);
    reset();
    setFile(null);
    setFileKey((key) => key + 1);
    onDone();
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="relative grid gap-5 md:grid-cols-2"
      aria-label="Request a quote"
    >
      <Honeypot />
      <TextField
        label="Full Name"
        name="fullName"
        autoComplete="name"
        required
        value={values.fullName}
        onChange={set('fullName')}
        error={fieldError('fullName')}
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
      <TextField
        label="Phone"
        name="phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        required
        value={values.phone}
        onChange={set('phone')}
        error={fieldError('phone')}
      />
      <TextField
        label="Company Name"
        name="companyName"
        autoComplete="organization"
        required
        value={values.companyName}
        onChange={set('companyName')}
        error={fieldError('companyName')}
      />
      <SelectField
        label="Company Size"
        name="size"
        placeholder={SELECT_PLACEHOLDER}
        notSpecified
        options={COMPANY_SIZES}
        value={values.size}
        onChange={set('size')}
        error={fieldError('size')}
      />
      <SelectField
        label="Preferred Contact Method"
        name="contactMethod"
        placeholder={SELECT_PLACEHOLDER}
        notSpecified
        options={CONTACT_METHODS}
        value={values.contactMethod}
        onChange={set('contactMethod')}
        error={fieldError('contactMethod')}
      />
      <SelectField
        label="Service"
        name="services"
        placeholder={SELECT_PLACEHOLDER}
        notSpecified
        options={SERVICES}
        value={values.services}
        onChange={set('services')}
        error={fieldError('services')}
      />
      <SelectField
        label="Budget"
        name="budget"
        placeholder={SELECT_PLACEHOLDER}
        notSpecified
        options={BUDGETS_GBP}
        value={values.budget}
        onChange={set('budget')}
        error={fieldError('budget')}
      />
      <TextField
        label="Deadline (optional)"
        name="deadline"
        type="date"
        value={values.deadline}
        onChange={set('deadline')}
        error={fieldError('deadline')}
      />
      <SelectField
        label="How did you hear about us?"
        name="source"
        placeholder={SELECT_PLACEHOLDER}
        notSpecified
        options={SOURCES}
        value={values.source}
        onChange={set('source')}
        error={fieldError('source')}
      />
      <TextAreaField
        label="Project Description"
        name="description"
        className="md:col-span-2"
        value={values.description}
        onChange={set('description')}
        error={fieldError('description')}
      />
      <TextAreaField
        label="Additional Details"
        name="additionalDetails"
        className="md:col-span-2"
        value={values.additionalDetails}
        onChange={set('additionalDetails')}
        error={fieldError('additionalDetails')}
      />
      <FileField
        key={fileKey}
        label="File (optional)"
        name="file"
        hint={`Any type, up to ${QUOTE_FILE_MAX_BYTES / (1024 * 1024)} MB.`}
        className="md:col-span-2"
        onChange={(picked) => {
          setFile(picked);
          setAnswer((old) => (old?.fields?.file ? null : old));
        }}
        error={fileError ?? fieldError('file')}
      />
      <div className="flex flex-col gap-3 md:col-span-2">
        {progress !== null && <UploadProgress fraction={progress} />}
        {answer && <FormAlert>{answer.error}</FormAlert>}
        <div>
          <SubmitButton loading={loading} />
        </div>
      </div>
    </form>
  );
}
