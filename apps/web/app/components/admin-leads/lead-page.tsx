// One lead at its own address (/admin/leads/{kind}/{id}, linked from the agency's notification mail): it
// opens with the customer's request (lead-request.tsx), then the conversation in order (their message, each reply
// sent with its delivery state, each answer received) and the reply box; then what staff do with it
// (lead-work-panel.tsx), where it came from, each notification's state with Resend (lead-deliveries.tsx), the
// timeline, and (admins) delete. One column, so a phone shows the same order. The sender's person page
// (everything that address sent) is linked under the heading.
import { LeadDetailExtrasSchema, LeadWorkSchema, ROLE_ACCESS, type LeadKind } from '@agency/contract';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '~/components/ui/toast';
import { errorMessage, forget, mutate, useApiQuery } from '~/lib/api-query';
import { useAuth } from '~/state/auth';
import { confirmAction } from '~/components/admin/confirm-dialog';
import { downloadWithAuth } from '~/components/admin/download';
import { outlineDangerButton } from '~/components/admin/form-styles';
import { QueryView } from '~/components/admin/query-view';
import { LeadConversation, type QuotedAnswer } from './lead-conversation';
import { MESSAGE_FIELD, SUBJECT_FIELD } from './conversation';
import { LeadDeliveries } from './lead-deliveries';
import { LeadReply } from './lead-reply';
import { LeadRequestDetails, LeadSource, sectionHeading } from './lead-request';
import { LeadWorkPanel } from './lead-work-panel';
import { inboxSearch } from './inbox-view';
import { personPath } from './person-page';
import { KINDS, capitalise, text, when } from './lead-kinds';
import { StatusBadge } from './lead-status';
import { LeadTimeline } from './lead-timeline';

const LeadDetailSchema = LeadWorkSchema.loose().extend(LeadDetailExtrasSchema.shape);

/** Every lead list the admin shows: a change to a lead reads them again. */
const LISTS = ['/admin/leads', '/admin/stats', '/admin/people', '/admin/follow-ups'];

const KIND_PLURALS: Record<LeadKind, string> = {
  quotes: 'quote requests',
  contacts: 'contact messages',
  applications: 'job applications',
};

export function LeadPage({ kind, id }: { kind: LeadKind; id: string }) {
  const navigate = useNavigate();
  const { user } = useAuth();
  const formId = useId();
  const settings = KINDS[kind];
  const path = `/admin/${kind}/${encodeURIComponent(id)}`;
  // Set once the lead is deleted: its page reads it no more (a read now would answer 404).
  const [gone, setGone] = useState(false);
  const lead = useApiQuery(gone ? null : path, LeadDetailSchema);
  const inbox = `/admin/leads${inboxSearch({ kind })}`;
  const invalidates = [`/admin/${kind}`, ...LISTS];
  // The answer being replied to, quoted in the reply box.
  const [quoted, setQuoted] = useState<QuotedAnswer | null>(null);
  const mayErase = (ROLE_ACCESS.admin as readonly string[]).includes(user?.role ?? '');

  async function remove(name: string) {
    const question = `Delete the ${settings.noun} from ${name}, its attachment and its timeline for good (erasure on request)?`;
    if (!(await confirmAction(question))) return;
    try {
      await mutate(path, { method: 'DELETE', invalidates: [`/admin/${kind}?`, ...LISTS] });
      // Not read again: the lead is gone.
      setGone(true);
      forget(path);
      toast.success(`Deleted the ${settings.noun} from ${name}`);
      navigate(inbox);
    } catch (error) {
      toast.error(errorMessage(error, 'Failed to delete the lead'));
    }
  }

  async function download(fileName: string) {
    const ok = await downloadWithAuth(`${path}/file`, fileName);
    if (ok) void lead.reload();
    else toast.error('Failed to download the attachment');
  }

  return (
    <div>
      <p>
        <Link to={inbox} className="text-sm font-medium text-brand-700 underline">
          Back to the {KIND_PLURALS[kind]}
        </Link>
      </p>
      <QueryView query={lead}>
        {(data) => {
          const name = text(data[settings.nameField]);
          const email = typeof data.email === 'string' ? data.email : '';
          const field = (key: string) => (typeof data[key] === 'string' ? String(data[key]) : '');
          return (
            <article aria-labelledby="lead-heading" className="mt-4">
              <h2 id="lead-heading" className="text-2xl font-bold">
                {capitalise(settings.noun)} from {name}
              </h2>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <StatusBadge status={data.status} />
                <span>Received {when(data.createdAt)}</span>
                <span>· Owner: {data.owner?.name ?? 'nobody'}</span>
              </p>
              {email && (
                <p className="mt-2 text-sm">
                  <Link to={personPath(email)} className="font-medium text-brand-700 underline">
                    Everything from {email}
                  </Link>
                </p>
              )}

              <LeadRequestDetails
                kind={kind}
                data={data}
                headingId={`${formId}-details`}
                onDownload={(fileName) => void download(fileName)}
              />

              <section aria-labelledby={`${formId}-conversation`} className="mt-8">
                <h3 id={`${formId}-conversation`} className={sectionHeading}>
                  Conversation
                </h3>
                <LeadConversation
                  lead={{
                    createdAt: data.createdAt,
                    name,
                    email,
                    subject: field(SUBJECT_FIELD[kind]),
                    text: field(MESSAGE_FIELD[kind]),
                  }}
                  timeline={data.timeline}
                  deliveries={data.notifications}
                  onQuote={(next) => setQuoted({ ...next, key: Date.now() })}
                />
                {email && (
                  <div className="mt-6 rounded-lg border border-slate-200 p-4">
                    <LeadReply kind={kind} path={path} to={email} invalidates={invalidates} quoted={quoted} />
                  </div>
                )}
              </section>

              <LeadWorkPanel
                kind={kind}
                path={path}
                data={data}
                invalidates={invalidates}
                headingId={`${formId}-work`}
              />
              <LeadSource data={data} headingId={`${formId}-source`} />
              <LeadDeliveries
                path={path}
                deliveries={data.notifications}
                invalidates={invalidates}
                headingId={`${formId}-delivery`}
              />

              <section aria-labelledby={`${formId}-timeline`} className="mt-8">
                <h3 id={`${formId}-timeline`} className={sectionHeading}>
                  Timeline
                </h3>
                <div className="mt-3">
                  <LeadTimeline events={data.timeline} />
                </div>
              </section>

              {mayErase && (
                <div className="mt-10 border-t border-slate-200 pt-6">
                  <button type="button" onClick={() => void remove(name)} className={outlineDangerButton}>
                    Delete this {settings.noun}
                  </button>
                </div>
              )}
            </article>
          );
        }}
      </QueryView>
    </div>
  );
}
