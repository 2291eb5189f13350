// The /career job application form (docs/product.md sections 3-5 and 8, docs/product.md D4).
import {
  CAREER_POSITIONS,
  CAREER_SELECT_PLACEHOLDER,
  CURRENCIES,
  CV_EXTENSIONS,
  CV_MAX_BYTES,
  HONEYPOT_FIELD,
  MESSAGES,
  NATIVE_LEAD_FORMS,
  TIMINGS,
  jobPath,
  requiredMessage,
  type ApiError,
  type NativeFormAnswer,
} from '@agency/contract';
import { useState, type FormEvent } from 'react';
import { showAlert } from '~/components/ui/alert-dialog';
import { toast } from '~/components/ui/toast';
import { ApiRequestError } from '~/lib/api-error';
import { loadSendKit, type SendKit } from '~/lib/load-send-kit';
import { FileField, PublicForm, SelectField, SubmitArea, TextAreaField, TextField, honeypotValue } from './form-fields';
import { useLeadSource } from '~/lib/lead-source';
import { useProofOfWork } from '~/lib/proof-of-work';
import { sendingFirst, toFormData, useFileChoice, useFormState, wait, withFieldError } from './form-state';
import { CAREER_TOAST_KEY, RESUME_HOOK, resumeToast } from './career-form.enhance';
import { INVALID_EMAIL_RULE, type MissingRule } from './public-form.enhance';

/** Its toasts replace one another (state/toasts.ts): a success is not shown beside an earlier error. */
const TOAST_KEY = CAREER_TOAST_KEY;

/** The form as it opens: every field empty (the tests of its first answers start from it too). */
export const CAREER_FORM_INITIAL = {
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

/**
 * Before the island runs, "Send" with a required field empty answers at once with the first one's message (in the
 * order the contract's check names them, the CV last; public-form.enhance.ts), and the island, once here, names
 * each next to its field.
 */
const MISSING: readonly MissingRule[] = [
  'name',
  'contact',
  'email',
  'town',
  'country',
  'salary',
  'currency',
  'position',
  'resume',
]
  .map((field): MissingRule => ({
    fields: [field],
    message: requiredMessage(field),
    variant: 'error',
    key: TOAST_KEY,
    island: true,
  }))
  .flatMap((rule) => (rule.fields[0] === 'email' ? [rule, { ...INVALID_EMAIL_RULE, key: TOAST_KEY }] : [rule]));

const isCv = (file: File) => CV_EXTENSIONS.some((extension) => file.name.toLowerCase().endsWith(extension));

/** The contract's checks plus the CV's presence and type; null when all is well. */
function checkApplication(
  { checkLocally, JobApplicationSchema, requiredMessage }: SendKit,
  values: typeof CAREER_FORM_INITIAL,
  resume: File | null,
  honeypot: string,
  jobId: string | undefined,
): ApiError | null {
  const invalid = checkLocally(JobApplicationSchema, { ...values, jobId, [HONEYPOT_FIELD]: honeypot });
  const resumeError = !resume ? requiredMessage('resume') : !isCv(resume) ? MESSAGES.career.wrongType : undefined;
  return withFieldError(invalid, 'resume', resumeError);
}

export interface CareerFormProps {
  /**
   * The job opening applied for (/career/<slug>): the position is filled in, its id sent along, and without
   * JavaScript the form posts to the opening's page, so a refusal comes back there.
   */
  job?: { id: string; slug: string; title: string };
  /** The server's answer to this form posted without JavaScript, when the page shows it. */
  answered?: NativeFormAnswer | null;
}

export function CareerForm({ job, answered }: CareerFormProps = {}) {
  const form = useFormState(job ? { ...CAREER_FORM_INITIAL, position: job.title } : CAREER_FORM_INITIAL, answered);
  const { values, reset, bind, answer, setAnswer, showAnswer, forgetError, fieldError, formRef } = form;
  const proofOfWork = useProofOfWork(formRef);
  const leadSource = useLeadSource();
  const { loading: submitting, setLoading: setSubmitting } = form;
  const { file: resume, setFile: setResume, fileKey: resumeKey, clearFile: clearResume } = useFileChoice();
  const [progress, setProgress] = useState<number | null>(null);

  function onResume(file: File | null) {
    setResume(file);
    forgetError('resume');
    if (!file) return;
    // docs/product.md section 5: an oversized file is still kept; the server has the last word. One picked before
    // hydration had its toast then (career-form.enhance.ts); the same toast again changes nothing (state/toasts.ts).
    resumeToast(file);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const honeypot = honeypotValue(event.currentTarget);
    if (!(await sendingFirst(event.currentTarget, setSubmitting, values.email))) return;
    const kit = await loadSendKit().catch(() => null);
    if (!kit) {
      setSubmitting(false);
      toast.error(MESSAGES.career.localFailure, { persist: true, key: TOAST_KEY });
      return;
    }
    const invalid = checkApplication(kit, values, resume, honeypot, job?.id);
    if (invalid) {
      setSubmitting(false);
      showAnswer(invalid);
      return;
    }

    setAnswer(null);
    setSubmitting(true);
    setProgress(0);
    try {
      let serverError: string | null = null;
      try {
        const extra = { ...leadSource(), ...(await proofOfWork.fields()) };
        const body = toFormData({ ...values, ...extra }, { [HONEYPOT_FIELD]: honeypot, jobId: job?.id, resume });
        const upload = () =>
          kit.uploadForm<{ id: string }>('/jobs/apply', body, { onProgress: setProgress, withCredentials: true });
        await kit.sendWhileBusy(upload, TOAST_KEY);
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
      clearResume();
    } catch {
      toast.error(MESSAGES.career.localFailure, { persist: true, key: TOAST_KEY });
    } finally {
      setSubmitting(false);
      setProgress(null);
    }
  }

  return (
    <PublicForm
      formRef={formRef}
      label="Job application"
      onSubmit={onSubmit}
      action={job ? jobPath(job.slug) : NATIVE_LEAD_FORMS.application.page}
      withFile
      missing={MISSING}
    >
      <TextField label="Full Name" autoComplete="name" required {...bind('name')} />
      <TextField label="Contact Number" type="tel" autoComplete="tel" required {...bind('contact')} />
      <TextField label="Email" type="email" autoComplete="email" required {...bind('email')} />
      <TextField label="Town" autoComplete="address-level2" required {...bind('town')} />
      <TextField label="Country" autoComplete="country-name" required {...bind('country')} />
      <SelectField
        label="Position"
        required
        placeholder={CAREER_SELECT_PLACEHOLDER}
        options={job ? [job.title] : CAREER_POSITIONS}
        {...bind('position')}
      />
      {job && <input type="hidden" name="jobId" value={job.id} />}
      <TextField label="Expected Salary" required {...bind('salary')} />
      <SelectField
        label="Currency"
        required
        placeholder={CAREER_SELECT_PLACEHOLDER}
        options={CURRENCIES}
        {...bind('currency')}
      />
      <TextAreaField label="Additional Information (optional)" className="md:col-span-2" {...bind('info')} />
      <FileField
        key={resumeKey}
        label="CV / Resume"
        name="resume"
        required
        accept={CV_EXTENSIONS.join(',')}
        hint={`PDF, DOC or DOCX, up to ${CV_MAX_BYTES / (1024 * 1024)} MB.`}
        className="md:col-span-2"
        onChange={onResume}
        hook={RESUME_HOOK}
        error={fieldError('resume')}
      />
      <SubmitArea loading={submitting} progress={progress} answer={answer}>
        Submit Application
      </SubmitArea>
    </PublicForm>
  );
}
