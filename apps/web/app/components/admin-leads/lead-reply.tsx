// Reply from the lead page: a plain-text mail to the visitor, sent through the outbox
// (POST /api/admin/{kind}/{id}/reply → 202); the visitor's answer comes back onto the lead when the site watches
// a mailbox. It can start from one of the kind's templates (kept under Leads → Reply templates), whose merge
// fields ({firstName}, {company}…) are filled from the lead and the sender as it is inserted; a token that cannot
// be filled is shown before sending (the server fills and checks again). A reply started from an answer names it
// (inReplyTo), so the mail is threaded under it. The reply then shows on the timeline and on the person's page.
import {
  fillMergeFields,
  LeadDetailSchema,
  MERGE_FIELDS,
  type MergeProblem,
  mergeProblemMessage,
  mergeValuesOf,
  REPLY_LIMITS,
  type LeadKind,
} from '@agency/contract';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { inputClass, labelClass, primaryButton } from '~/components/admin/form-styles';
import { toast } from '~/components/ui/toast';
import { ApiRequestError } from '~/lib/api';
import { errorMessage, mutate, useApiQuery } from '~/lib/api-query';
import { useAuth } from '~/state/auth';
import { REPLY_TEMPLATES_PATH, ReplyTemplatesSchema } from './reply-templates-data';

const REPLY_MAX_LENGTH = REPLY_LIMITS.text;

export function LeadReply({
  kind,
  path,
  to,
  invalidates,
  quoted = null,
}: {
  kind: LeadKind;
  /** The lead's API path, `/admin/{kind}/{id}`. */
  path: string;
  /** The visitor's address. */
  to: string;
  invalidates: string[];
  /** An answer to reply to (the conversation's "Answer"): its subject and quoted text start the reply. */
  quoted?: { key: number; subject: string; text: string; messageId: string } | null;
}) {
  const id = useId();
  const textBox = useRef<HTMLTextAreaElement>(null);
  const templates = (useApiQuery(REPLY_TEMPLATES_PATH, ReplyTemplatesSchema).data?.templates ?? []).filter(
    (entry) => entry.kind === kind,
  );
  // The lead as its page already asked for it (the same query, answered from the cache) and the sender.
  const lead = useApiQuery(path, LeadDetailSchema).data;
  const { user } = useAuth();
  const values = useMemo(
    () => (lead ? mergeValuesOf(kind, lead as Record<string, unknown>, { name: user?.name ?? '' }) : null),
    [kind, lead, user?.name],
  );
  const [subject, setSubject] = useState('');
  const [text, setText] = useState('');
  /** The Message-ID of the answer being answered, from "Answer" until the reply is sent. */
  const [inReplyTo, setInReplyTo] = useState<string | null>(null);
  /** Tokens of the subject and text that cannot be filled for this lead, each once. */
  const problems = useMemo(() => {
    if (!values) return [];
    const found: MergeProblem[] = [];
    for (const problem of [...fillMergeFields(subject, values).problems, ...fillMergeFields(text, values).problems]) {
      if (!found.some((known) => known.token === problem.token)) found.push(problem);
    }
    return found;
  }, [subject, text, values]);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!quoted) return;
    setSubject(quoted.subject);
    setText(quoted.text);
    setInReplyTo(quoted.messageId || null);
    // Once the quote is in the box: the cursor above it, where the answer is written.
    const frame = requestAnimationFrame(() => {
      const box = textBox.current;
      box?.focus();
      box?.setSelectionRange(0, 0);
      box?.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [quoted]);

  function applyTemplate(index: string) {
    const template = templates[Number(index)];
    if (!template) return;
    setSubject(values ? fillMergeFields(template.subject, values).text : template.subject);
    setText(values ? fillMergeFields(template.text, values).text : template.text);
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    try {
      const body = inReplyTo ? { subject, text, inReplyTo } : { subject, text };
      await mutate(`${path}/reply`, { method: 'POST', body, invalidates });
      setSubject('');
      setText('');
      setInReplyTo(null);
      toast.success(`Reply to ${to} queued`);
    } catch (caught) {
      const refused = caught instanceof ApiRequestError ? (caught.body?.fields ?? {}) : {};
      setFields(refused);
      setError(errorMessage(caught, 'Failed to send the reply'));
    } finally {
      setBusy(false);
    }
  }

  const fieldError = (name: string) =>
    fields[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-red-800">
        {fields[name]}
      </p>
    ) : null;

  return (
    <form onSubmit={(event) => void send(event)} noValidate aria-labelledby={`${id}-heading`} className="max-w-2xl">
      <h4 id={`${id}-heading`} className="font-semibold">
        Reply to {to}
      </h4>
      <p className="mt-1 text-sm text-slate-600">
        A plain-text mail from the site; the answer comes back to this lead when the site watches a mailbox, else to
        your own address.
      </p>
      <div className="mt-3">
        <label htmlFor={`${id}-template`} className={labelClass}>
          Start from a template
        </label>
        <select
          id={`${id}-template`}
          value=""
          onChange={(event) => applyTemplate(event.target.value)}
          className={inputClass}
        >
          <option value="">{templates.length ? 'Choose a template…' : 'No templates for this kind yet'}</option>
          {templates.map((template, index) => (
            <option key={`${template.name}-${index}`} value={index}>
              {template.name}
            </option>
          ))}
        </select>
        <p className="mt-1 text-sm">
          <Link to="/admin/leads/templates" className="text-brand-700 underline">
            Edit the reply templates
          </Link>
        </p>
      </div>
      <div className="mt-3">
        <label htmlFor={`${id}-subject`} className={labelClass}>
          Subject
        </label>
        <input
          id={`${id}-subject`}
          value={subject}
          maxLength={REPLY_LIMITS.subject}
          aria-invalid={fields.subject ? true : undefined}
          aria-describedby={fields.subject ? `${id}-subject-error` : undefined}
          onChange={(event) => setSubject(event.target.value)}
          className={inputClass}
        />
        {fieldError('subject')}
      </div>
      <div className="mt-3">
        <label htmlFor={`${id}-text`} className={labelClass}>
          Reply
        </label>
        <textarea
          ref={textBox}
          id={`${id}-text`}
          rows={6}
          maxLength={REPLY_MAX_LENGTH}
          value={text}
          aria-invalid={fields.text ? true : undefined}
          aria-describedby={`${id}-text-hint${fields.text ? ` ${id}-text-error` : ''}`}
          onChange={(event) => setText(event.target.value)}
          className={inputClass}
        />
        <p id={`${id}-text-hint`} className="mt-1 text-sm text-slate-600">
          {text.length.toLocaleString('en-GB')} of {REPLY_MAX_LENGTH.toLocaleString('en-GB')} characters. Merge fields:{' '}
          {MERGE_FIELDS.map((field) => `{${field}}`).join(' ')}.
        </p>
        {fieldError('text')}
      </div>
      {problems.length > 0 && (
        <div
          role="status"
          data-testid="merge-problems"
          className="mt-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          <p className="font-semibold">Fill these in before sending:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((problem) => (
              <li key={problem.token}>{mergeProblemMessage(problem)}</li>
            ))}
          </ul>
        </div>
      )}
      {error && (
        <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={busy || subject.trim() === '' || text.trim() === '' || problems.length > 0}
        className={`mt-3 ${primaryButton}`}
      >
        Send reply
      </button>
    </form>
  );
}
