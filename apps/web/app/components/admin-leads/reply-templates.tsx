// Reply templates (GET/PUT /api/admin/reply-templates): short texts per kind of lead that a reply on
// the lead page can start from. Edited here as one list and saved together.
import { LEAD_KIND_LABELS, LEAD_KINDS, REPLY_TEMPLATE_LIMITS, type LeadKind } from '@agency/contract';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { inputClass, labelClass, primaryButton, secondaryButton } from '~/components/admin/form-styles';
import { QueryView } from '~/components/admin/query-view';
import { toast } from '~/components/ui/toast';
import { ApiRequestError } from '~/lib/api';
import { errorMessage, mutate, useApiQuery } from '~/lib/api-query';
import { REPLY_TEMPLATES_PATH, type ReplyTemplate, ReplyTemplatesSchema } from './reply-templates-data';

export function ReplyTemplates() {
  const query = useApiQuery(REPLY_TEMPLATES_PATH, ReplyTemplatesSchema);
  return (
    <section aria-labelledby="templates-heading">
      <p>
        <Link to="/admin/leads" className="text-sm font-medium text-brand-700 underline">
          Back to the leads
        </Link>
      </p>
      <h2 id="templates-heading" className="mt-4 text-2xl font-bold">
        Reply templates
      </h2>
      <p className="mt-2 max-w-2xl text-slate-700">
        A reply from a lead page can start from one of these. Keep them short: staff finish each reply by hand.
      </p>
      <div className="mt-6">
        <QueryView query={query}>{(data) => <TemplatesForm initial={data.templates} />}</QueryView>
      </div>
    </section>
  );
}

function TemplatesForm({ initial }: { initial: ReplyTemplate[] }) {
  const id = useId();
  const [templates, setTemplates] = useState(initial);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => setTemplates(initial), [initial]);

  const change = (index: number, patch: Partial<ReplyTemplate>) =>
    setTemplates((current) => current.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)));
  const add = (kind: LeadKind) =>
    setTemplates((current) => [...current, { kind, name: 'New template', subject: '', text: '' }]);
  const remove = (index: number) => setTemplates((current) => current.filter((_, at) => at !== index));

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFields({});
    try {
      await mutate(REPLY_TEMPLATES_PATH, {
        method: 'PUT',
        body: { templates },
        invalidates: [REPLY_TEMPLATES_PATH],
      });
      toast.success('Reply templates saved');
    } catch (caught) {
      setFields(caught instanceof ApiRequestError ? (caught.body?.fields ?? {}) : {});
      toast.error(errorMessage(caught, 'Failed to save the reply templates'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label="Reply templates" className="max-w-3xl">
      {Object.keys(fields).length > 0 && (
        <ul role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">
          {Object.entries(fields).map(([field, message]) => (
            <li key={field}>{message}</li>
          ))}
        </ul>
      )}
      {LEAD_KINDS.map((kind) => (
        <fieldset key={kind} className="mt-6 rounded-lg border border-slate-200 p-4">
          <legend className="px-1 text-lg font-bold">{LEAD_KIND_LABELS[kind]}</legend>
          {templates.every((entry) => entry.kind !== kind) && (
            <p className="text-sm text-slate-700">No template for this kind yet.</p>
          )}
          {templates.map((entry, index) =>
            entry.kind !== kind ? null : (
              <div key={index} className="mt-4 border-t border-slate-200 pt-4 first:mt-0 first:border-0 first:pt-0">
                <label htmlFor={`${id}-${index}-name`} className={labelClass}>
                  Template name
                </label>
                <input
                  id={`${id}-${index}-name`}
                  value={entry.name}
                  maxLength={REPLY_TEMPLATE_LIMITS.name}
                  onChange={(event) => change(index, { name: event.target.value })}
                  className={inputClass}
                />
                <label htmlFor={`${id}-${index}-subject`} className={`mt-3 ${labelClass}`}>
                  Subject
                </label>
                <input
                  id={`${id}-${index}-subject`}
                  value={entry.subject}
                  maxLength={REPLY_TEMPLATE_LIMITS.subject}
                  onChange={(event) => change(index, { subject: event.target.value })}
                  className={inputClass}
                />
                <label htmlFor={`${id}-${index}-text`} className={`mt-3 ${labelClass}`}>
                  Text
                </label>
                <textarea
                  id={`${id}-${index}-text`}
                  rows={5}
                  maxLength={REPLY_TEMPLATE_LIMITS.text}
                  value={entry.text}
                  onChange={(event) => change(index, { text: event.target.value })}
                  className={inputClass}
                />
                <button
                  type="button"
                  onClick={() => remove(index)}
                  aria-label={`Remove the template ${entry.name || 'without a name'}`}
                  className={`mt-3 ${secondaryButton}`}
                >
                  Remove
                </button>
              </div>
            ),
          )}
          <button type="button" onClick={() => add(kind)} className={`mt-4 ${secondaryButton}`}>
            Add a template for {LEAD_KIND_LABELS[kind].toLowerCase()}
          </button>
        </fieldset>
      ))}
      <button type="submit" disabled={busy} className={`mt-6 ${primaryButton}`}>
        Save templates
      </button>
    </form>
  );
}
