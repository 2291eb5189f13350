// What the customer sent, as the lead page shows it: every field of the request (email and phone as links, the
// attachment to download) and, further down, where it came from (page, campaign, sent without JavaScript).
import { LEAD_FIELDS, LEAD_SOURCE_FIELDS, labelOf, type LeadKind } from '@agency/contract';
import { FieldValue } from './contact-links';
import { hasFile, sizeOf, text } from './lead-kinds';

export const sectionHeading = 'text-lg font-bold';

export function LeadRequestDetails({
  kind,
  data,
  headingId,
  onDownload,
}: {
  kind: LeadKind;
  data: Record<string, unknown>;
  headingId: string;
  onDownload: (fileName: string) => void;
}) {
  const fields: readonly string[] = LEAD_FIELDS[kind];
  const fileName = typeof data.fileName === 'string' ? data.fileName : null;
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className={sectionHeading}>
        Request details
      </h3>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
        {fields.map((key) => (
          <div key={key} className="contents">
            <dt className="font-medium text-slate-700">{labelOf(key)}</dt>
            <dd className="break-words whitespace-pre-wrap text-slate-900">
              <FieldValue name={key} value={data[key]} />
            </dd>
          </div>
        ))}
        {hasFile(kind) && (
          <div className="contents">
            <dt className="font-medium text-slate-700">Attachment</dt>
            <dd>
              {fileName ? (
                <button
                  type="button"
                  onClick={() => onDownload(fileName)}
                  className="text-left font-medium text-brand-700 underline"
                >
                  Download {fileName}
                  {typeof data.fileSize === 'number' && ` (${sizeOf(data.fileSize)})`}
                </button>
              ) : (
                '—'
              )}
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

export function LeadSource({ data, headingId }: { data: Record<string, unknown>; headingId: string }) {
  return (
    <section aria-labelledby={headingId} className="mt-8">
      <h3 id={headingId} className={sectionHeading}>
        Where it came from
      </h3>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
        {LEAD_SOURCE_FIELDS.map((key) => (
          <div key={key} className="contents">
            <dt className="font-medium text-slate-700">{labelOf(key)}</dt>
            <dd className="break-words text-slate-900">{text(data[key])}</dd>
          </div>
        ))}
        <div className="contents">
          <dt className="font-medium text-slate-700">Sent without JavaScript</dt>
          <dd className="text-slate-900">
            {data.sentWithoutJavaScript ? 'Yes: the page’s own form, without the spam check’s proof of work' : 'No'}
          </dd>
        </div>
      </dl>
    </section>
  );
}
