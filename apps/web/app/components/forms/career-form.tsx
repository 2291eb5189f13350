// The /career job application form (SPEC.md sections 3-5 and 8, DECISIONS.md 4.5).
import {
  CAREER_POSITIONS,
  CAREER_SELECT_PLACEHOLDER,
  CURRENCIES,
  CV_EXTENSIONS,
  CV_MAX_BYTES,
  HONEYPOT_FIELD,
  JobApplicationSchema,
  MESSAGES,
  TIMINGS,
  requiredMessage,
  type ApiError,
} from '@agency/contract';
import { useRef, useState, type FormEvent } from 'react';
import { showAlert } from '~/components/ui/alert-dialog';
import { toast } from '~/components/ui/toast';
import { ApiRequestError } from '~/lib/api';
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
import { checkLocally, focusFirstInvalid, toFormData, useFormValues } from './form-state';

const INITIAL = {
  name: '',
  contact: '',
  email: '',
  town: '',
  country: '',
  position: '',
  salary: '',
  currency: '',
  info: '',
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isCv = (file: File) => CV_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension));

/** The contract's checks plus the CV's presence and type; null when all is well. */
function checkApplication(values: typeof INITIAL, resume: File | null, honeypot: string): ApiError | null {
  const invalid = checkLocally(JobApplicationSchema, { ...values, [HONEYPOT_FIELD]: honeypot });
  const resumeError = !resume ? requiredMessage('resume') : !isCv(resume) ? MESSAGES.career.wrongType : undefined;
  if (!invalid && !resumeError) return null;
  const fields = { ...invalid?.fields, ...(resumeError ? { resume: resumeError } : {}) };
  return { error: invalid?.error ?? resumeError ?? MESSAGES.http.badRequest, fields };
}

export function CareerForm() {
  const { values, set, reset } = useFormValues(INITIAL);
  const [resume, setResume] = useState<File | null>(null);
  const [resumeKey, setResumeKey] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [answer, setAnswer] = useState<ApiError | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const fieldError = (name: string) => answer?.fields?.[name];

  function onResume(file: File | null) {
    setResume(file);
    setAnswer((old) => (old?.fields?.resume ? null : old));
    if (!file) return;
    // SPEC.md section 5: an oversized file is still kept; the server has the last word.
    if (file.size > CV_MAX_BYTES) toast.error(MESSAGES.career.fileTooLarge);
    else toast.success(MESSAGES.career.fileSelected(file.name));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const form = event.currentTarget;
    const honeypot = honeypotValue(form);
    const invalid = checkApplication(values, resume, honeypot);
    if (invalid) {
      setAnswer(invalid);
      focusFirstInvalid(form, invalid.fields);
      return;
    }

    setAnswer(null);
    setSubmitting(true);
    setProgress(0);
    try {
      let serverError: string | null = null;
      try {
        const body = toFormData(values, { [HONEYPOT_FIELD]: honeypot, resume });
        await uploadForm<{ id: string }>('/jobs/apply', body, { onProgress: setProgress, withCredentials: true });
      } catch (error) {
        // Anything but an answer (or a missing answer) from the server is a local exception.
        if (!(error instanceof ApiRequestError)) throw error;
        serverError = error.body?.error ?? MESSAGES.career.somethingWrong;
      }
      await wait(TIMINGS.jobWaitMs);
      if (serverError !== null) {
        await showAlert(serverError);
        return;
      }
      toast.success(MESSAGES.career.submitted(values.email.trim()));
      await showAlert(MESSAGES.career.dialog);
      reset();
      setResume(null);
      setResumeKey((key) => key + 1);
    } catch {
      toast.error(MESSAGES.career.localFailure, { persist: true });
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="relative grid gap-5 md:grid-cols-2"
      aria-label="Job application"
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
        label="Contact Number"
        name="contact"
        type="tel"
        autoComplete="tel"
        required
        value={values.contact}
        onChange={set('contact')}
        error={fieldError('contact')}
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
        label="Town"
        name="town"
        autoComplete="address-level2"
        required
        value={values.town}
        onChange={set('town')}
        error={fieldError('town')}
      />
      <TextField
        label="Country"
        name="country"
        autoComplete="country-name"
        required
        value={values.country}
        onChange={set('country')}
        error={fieldError('country')}
      />
      <SelectField
        label="Position"
        name="position"
        required
        placeholder={CAREER_SELECT_PLACEHOLDER}
        options={CAREER_POSITIONS}
        value={values.position}
        onChange={set('position')}
        error={fieldError('position')}
      />
      <TextField
        label="Expected Salary"
        name="salary"
        required
        value={values.salary}
        onChange={set('salary')}
        error={fieldError('salary')}
      />
      <SelectField
        label="Currency"
        name="currency"
        required
        placeholder={CAREER_SELECT_PLACEHOLDER}
        options={CURRENCIES}
        value={values.currency}
        onChange={set('currency')}
        error={fieldError('currency')}
      />
      <TextAreaField
        label="Additional Information (optional)"
        name="info"
        className="md:col-span-2"
        value={values.info}
        onChange={set('info')}
        error={fieldError('info')}
      />
      <FileField
        key={resumeKey}
        label="CV / Resume"
        name="resume"
        required
        accept={CV_EXTENSIONS.join(',')}
        hint={`PDF, DOC or DOCX, up to ${CV_MAX_BYTES / (1024 * 1024)} MB.`}
        className="md:col-span-2"
        onChange={onResume}
        error={fieldError('resume')}
      />
      <div className="flex flex-col gap-3 md:col-span-2">
        {progress !== null && <UploadProgress fraction={progress} />}
        {answer && <FormAlert>{answer.error}</FormAlert>}
        <div>
          <SubmitButton loading={submitting}>Submit Application</SubmitButton>
        </div>
      </div>
    </form>
  );
}
