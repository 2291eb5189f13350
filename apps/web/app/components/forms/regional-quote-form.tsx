// The /quote-uk and /quote-nepal forms (SPEC.md sections 3-5); they really send the lead (DECISIONS.md 4.1).
import {
  COMPANY_SIZES,
  CONTACT_METHODS,
  HONEYPOT_FIELD,
  MESSAGES,
  NOT_SPECIFIED,
  QUOTE_FILE_MAX_BYTES,
  QUOTE_REGIONAL_REQUIRED,
  QuoteRequestSchema,
  REGIONAL_SOURCE_LABELS,
  REGION_SETTINGS,
  SELECT_PLACEHOLDER,
  SERVICES,
  SOURCES,
  TIMINGS,
  type ApiError,
  type Region,
} from '@agency/contract';
import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '~/components/ui/toast';
import { uploadForm } from '~/lib/upload';
import {
  DropZone,
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
  source: NOT_SPECIFIED,
  additionalDetails: '',
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function RegionalQuoteForm({ region }: { region: Region }) {
  const settings = REGION_SETTINGS[region];
  const navigate = useNavigate();
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
    if (QUOTE_REGIONAL_REQUIRED.some((field) => !values[field].trim())) {
      toast.error(MESSAGES.regionalQuote.missingBody, { title: MESSAGES.regionalQuote.missingTitle });
      return;
    }
    const honeypot = honeypotValue(form);
    const quote = { ...values, region, currency: settings.currency };
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
      const body = toFormData({ ...quote, loading: 'true', success: 'false' }, { [HONEYPOT_FIELD]: honeypot, file });
      await uploadForm<{ id: string }>('/request-quote', body, { onProgress: file ? setProgress : undefined });
    } catch (error) {
      toast.error(MESSAGES.regionalQuote.errorBody, { title: MESSAGES.regionalQuote.errorTitle });
      // Bad input also gets the server's own sentence, next to the fields it names.
      const failure = answerOf(error, '');
      setAnswer(failure.error ? failure : null);
      setLoading(false);
      setProgress(null);
      focusFirstInvalid(formRef.current, failure.fields);
      return;
    }
    setProgress(null);
    toast.success(MESSAGES.regionalQuote.successBody, { title: MESSAGES.regionalQuote.successTitle });
    if (region === 'nepal') await wait(TIMINGS.nepalExtraWaitMs);
    reset();
    setFile(null);
    setFileKey((key) => key + 1);
    setLoading(false);
    navigate('/');
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="relative grid gap-5 md:grid-cols-2"
      aria-label={`Quote request for ${settings.label}`}
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
        label={`Budget (${settings.currency})`}
        name="budget"
        placeholder={SELECT_PLACEHOLDER}
        notSpecified
        options={settings.budgets}
        value={values.budget}
        onChange={set('budget')}
        error={fieldError('budget')}
      />
      <SelectField
        label="How did you hear about us?"
        name="source"
        className="md:col-span-2"
        placeholder={SELECT_PLACEHOLDER}
        notSpecified
        options={SOURCES}
        labels={REGIONAL_SOURCE_LABELS}
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
      <DropZone
        key={fileKey}
        label="File (optional)"
        name="file"
        hint={`Any type, up to ${QUOTE_FILE_MAX_BYTES / (1024 * 1024)} MB.`}
        className="md:col-span-2"
        file={file}
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
