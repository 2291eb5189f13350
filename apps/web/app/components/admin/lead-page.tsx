// One lead at its own address (/admin/leads/{kind}/{id}, linked from the agency's notification mail):
// every field, the attachment, the handled flag and delete.
import { LEAD_FIELDS, labelOf, type LeadKind } from '@agency/contract';
import { Link, useNavigate } from 'react-router';
import { toast } from '~/components/ui/toast';
import { errorMessage, mutate, useApiQuery } from '~/lib/api-query';
import { confirmAction } from './confirm-dialog';
import { downloadWithAuth } from './download';
import { primaryButton } from './form-styles';
import { KINDS, capitalise, hasFile, sizeOf, text, when } from './lead-kinds';
import { QueryView } from './query-view';

type Lead = Record<string, unknown> & { id: string; createdAt: string; handled: boolean; spam?: boolean };

export function LeadPage({ kind, id }: { kind: LeadKind; id: string }) {
  const navigate = useNavigate();
  const settings = KINDS[kind];
  const path = `/admin/${kind}/${encodeURIComponent(id)}`;
  const lead = useApiQuery<Lead>(path);
  const inbox = `/admin/leads${kind === 'quotes' ? '' : `?kind=${kind}`}`;

  async function setHandled(value: boolean) {
    try {
      await mutate(path, { method: 'PATCH', body: { handled: value }, invalidates: [`/admin/${kind}`] });
      toast.success(value ? 'Marked as handled' : 'Marked as unhandled');
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to update the lead'));
    }
  }

  async function remove(name: string) {
    if (
      !(await confirmAction(
        `Delete the ${settings.noun} from ${name} and its attachment for good (erasure on request)?`,
      ))
    )
      return;
    try {
      await mutate(path, { method: 'DELETE', invalidates: [`/admin/${kind}?`] });
      toast.success(`Deleted the ${settings.noun} from ${name}`);
      navigate(inbox);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete the lead'));
    }
  }

  async function download(fileName: string | null) {
    const ok = await downloadWithAuth(`${path}/file`, fileName ?? 'attachment');
    if (!ok) toast.error('Failed to download the attachment');
  }

  return (
    <article aria-labelledby="lead-heading">
      <p>
        <Link to={inbox} className="text-sm font-medium text-brand-700 underline">
          Back to the {settings.noun === 'message' ? 'contact messages' : `${settings.noun}s`}
        </Link>
      </p>
      <QueryView query={lead}>
        {(data) => {
          const name = text(data[settings.nameField]);
          const fileName = typeof data.fileName === 'string' ? data.fileName : null;
          const fields: readonly string[] = LEAD_FIELDS[kind];
          return (
            <>
              <h2 id="lead-heading" className="mt-4 text-2xl font-bold">
                {capitalise(settings.noun)} from {name}
              </h2>
              <p className="text-sm text-slate-700">
                Received {when(data.createdAt)} · {data.handled ? 'Handled' : 'Not handled yet'}
              </p>
              <dl className="mt-6 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
                {fields.map((key) => (
                  <div key={key} className="contents">
                    <dt className="font-medium text-slate-700">{labelOf(key)}</dt>
                    <dd className="break-words whitespace-pre-wrap text-slate-900">{text(data[key])}</dd>
                  </div>
                ))}
                {hasFile(kind) && (
                  <div className="contents">
                    <dt className="font-medium text-slate-700">Attachment</dt>
                    <dd>
                      {fileName ? (
                        <button
                          type="button"
                          onClick={() => void download(fileName)}
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
              <div className="mt-6 flex flex-wrap gap-3">
                <button type="button" onClick={() => void setHandled(!data.handled)} className={primaryButton}>
                  {data.handled ? 'Mark unhandled' : 'Mark handled'}
                </button>
                <button
                  type="button"
                  onClick={() => void remove(name)}
                  className="rounded-md border border-red-700 px-4 py-2 font-medium text-red-800 hover:bg-red-50"
                >
                  Delete
                </button>
              </div>
            </>
          );
        }}
      </QueryView>
    </article>
  );
}
