// One person (GET /api/admin/people?email=): everything this address sent, newest first, with each
// lead's status, owner and notes, and the replies staff sent to it. Every lead page links here.
import { LEAD_KIND_LABELS, type LeadKind, leadAdminPath } from '@agency/contract';
import { Link } from 'react-router';
import { useApiQuery } from '~/lib/api-query';
import { QueryView } from '~/components/admin/query-view';
import { EmailLink } from './contact-links';
import { KINDS, isLeadKind, text, when } from './lead-kinds';
import { StatusBadge } from './lead-status';

/** The person page of an address, in the admin area. */
export const personPath = (email: string) => `/admin/leads/person?email=${encodeURIComponent(email)}`;

interface PersonLead {
  kind: LeadKind;
  id: string;
  createdAt: string;
  status: string;
  name: string;
  owner: string | null;
  notes: { at: string; author: string | null; text: string }[];
}

interface PersonReply {
  at: string;
  subject: string;
  text: string;
  author: string | null;
  state: string | null;
  lead: { kind: LeadKind; id: string } | null;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const personName = (value: unknown) => (typeof value === 'string' ? value : str(record(value).name)) || null;

function leadOf(value: unknown): PersonLead | null {
  const item = record(value);
  const kind = item.kind;
  if (!isLeadKind(kind) || typeof item.id !== 'string') return null;
  const notes = Array.isArray(item.notes) ? item.notes : [];
  return {
    kind,
    id: item.id,
    createdAt: str(item.createdAt),
    status: str(item.status),
    name: str(item.name) || str(item[KINDS[kind].nameField]),
    owner: personName(item.owner),
    notes: notes.map((note) => {
      const entry = record(note);
      return {
        at: str(entry.at) || str(entry.createdAt),
        author: personName(entry.author ?? entry.actor),
        text: str(entry.text),
      };
    }),
  };
}

function replyOf(value: unknown): PersonReply {
  const item = record(value);
  const data = record(item.data);
  const kind = item.kind ?? item.leadKind;
  const leadId = item.leadId ?? record(item.lead).id;
  return {
    at: str(item.at) || str(item.createdAt) || str(item.sentAt),
    subject: str(item.subject) || str(data.subject),
    text: str(item.text) || str(data.text),
    author: personName(item.author ?? item.actor),
    state: str(item.state) || str(item.type) || null,
    lead: isLeadKind(kind) && typeof leadId === 'string' ? { kind, id: leadId } : null,
  };
}

const REPLY_STATES: Record<string, string> = {
  reply_queued: 'Queued',
  reply_sent: 'Sent',
  reply_failed: 'Failed',
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
  retrying: 'Retrying',
  failing: 'Failing',
};

export function PersonPage({ email }: { email: string }) {
  const person = useApiQuery<unknown>(`/admin/people?email=${encodeURIComponent(email)}`);
  return (
    <article aria-labelledby="person-heading">
      <p>
        <Link to="/admin/leads" className="text-sm font-medium text-brand-700 underline">
          Back to the leads
        </Link>
      </p>
      <h2 id="person-heading" className="mt-4 text-2xl font-bold break-words">
        Everything from {email}
      </h2>
      <p className="mt-1 text-sm">
        <EmailLink email={email}>Write to {email}</EmailLink>
      </p>
      <div className="mt-6">
        <QueryView query={person}>
          {(data) => {
            const answer = record(data);
            const leads = (Array.isArray(answer.leads) ? answer.leads : Array.isArray(answer.items) ? answer.items : [])
              .map(leadOf)
              .filter((lead): lead is PersonLead => lead !== null);
            const replies = (Array.isArray(answer.replies) ? answer.replies : []).map(replyOf);
            // Notes come as one list (newest first), each naming its lead.
            for (const value of Array.isArray(answer.notes) ? answer.notes : []) {
              const note = record(value);
              const lead = leads.find((entry) => entry.kind === note.kind && entry.id === note.leadId);
              lead?.notes.push({
                at: str(note.at),
                author: personName(note.author),
                text: str(note.text),
              });
            }
            return (
              <>
                <section aria-labelledby="person-leads">
                  <h3 id="person-leads" className="text-lg font-bold">
                    What they sent ({leads.length})
                  </h3>
                  {leads.length === 0 ? (
                    <p className="mt-3 text-slate-700">Nothing from this address is kept.</p>
                  ) : (
                    <ol className="mt-3 space-y-4">
                      {leads.map((lead) => (
                        <li key={`${lead.kind}/${lead.id}`} className="rounded-lg border border-slate-200 p-4">
                          <p className="flex flex-wrap items-center gap-2">
                            <Link
                              to={leadAdminPath(lead.kind, lead.id)}
                              className="font-semibold text-brand-700 underline hover:text-brand-800"
                            >
                              {LEAD_KIND_LABELS[lead.kind].replace(/s$/, '')} from {text(lead.name)}
                            </Link>
                            <StatusBadge status={lead.status} />
                          </p>
                          <p className="mt-1 text-sm text-slate-700">
                            Received {lead.createdAt ? when(lead.createdAt) : '—'} · Owner: {lead.owner ?? 'nobody'}
                          </p>
                          {lead.notes.length > 0 && (
                            <ul aria-label="Notes" className="mt-2 space-y-2">
                              {lead.notes.map((note, index) => (
                                <li key={index} className="rounded-md bg-slate-100 px-3 py-2 text-sm">
                                  <p className="break-words whitespace-pre-wrap text-slate-900">{note.text}</p>
                                  <p className="mt-1 text-slate-600">
                                    {note.author ?? 'Someone'}
                                    {note.at && `, ${when(note.at)}`}
                                  </p>
                                </li>
                              ))}
                            </ul>
                          )}
                        </li>
                      ))}
                    </ol>
                  )}
                </section>
                <section aria-labelledby="person-replies" className="mt-8">
                  <h3 id="person-replies" className="text-lg font-bold">
                    Replies sent to them ({replies.length})
                  </h3>
                  {replies.length === 0 ? (
                    <p className="mt-3 text-slate-700">No reply was sent from the admin yet.</p>
                  ) : (
                    <ol className="mt-3 space-y-4">
                      {replies.map((reply, index) => (
                        <li key={index} className="rounded-lg border border-slate-200 p-4 text-sm">
                          <p className="font-semibold break-words">{reply.subject || '(no subject)'}</p>
                          <p className="mt-1 text-slate-700">
                            {reply.author ? `By ${reply.author}` : 'By staff'}
                            {reply.at && `, ${when(reply.at)}`}
                            {reply.state && REPLY_STATES[reply.state] && ` · ${REPLY_STATES[reply.state]}`}
                            {reply.lead && (
                              <>
                                {' · '}
                                <Link
                                  to={leadAdminPath(reply.lead.kind, reply.lead.id)}
                                  className="text-brand-700 underline"
                                >
                                  Open the lead
                                </Link>
                              </>
                            )}
                          </p>
                          <p className="mt-2 break-words whitespace-pre-wrap text-slate-900">{reply.text}</p>
                        </li>
                      ))}
                    </ol>
                  )}
                </section>
              </>
            );
          }}
        </QueryView>
      </div>
    </article>
  );
}
