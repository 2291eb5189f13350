// One person (GET /api/admin/people?email=): everything this address sent, newest first, with each
// lead's status, owner and notes, and the replies staff sent to it. Every lead page links here.
import { PersonViewSchema, leadAdminPath } from '@agency/contract';
import { Link } from 'react-router';
import { useApiQuery } from '~/lib/api-query';
import { QueryView } from '~/components/admin/query-view';
import { EmailLink } from './contact-links';
import { KINDS, capitalise, text, when } from './lead-kinds';
import { StatusBadge } from './lead-status';

/** The person page of an address, in the admin area. */
export const personPath = (email: string) => `/admin/leads/person?email=${encodeURIComponent(email)}`;

const REPLY_STATES = { queued: 'Queued', sent: 'Sent', failed: 'Failed, being retried' } as const;

export function PersonPage({ email }: { email: string }) {
  const person = useApiQuery(`/admin/people?email=${encodeURIComponent(email)}`, PersonViewSchema);
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
            const { leads, replies } = data;
            const notesOf = (kind: string, id: string) =>
              data.notes.filter((note) => note.kind === kind && note.leadId === id);
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
                              {capitalise(KINDS[lead.kind].noun)} from {text(lead.name)}
                            </Link>
                            <StatusBadge status={lead.status} />
                          </p>
                          <p className="mt-1 text-sm text-slate-700">
                            Received {when(lead.createdAt)} · Owner: {lead.owner?.name ?? 'nobody'}
                          </p>
                          {notesOf(lead.kind, lead.id).length > 0 && (
                            <ul
                              aria-label={`Notes on the ${KINDS[lead.kind].noun} from ${text(lead.name)}`}
                              className="mt-2 space-y-2"
                            >
                              {notesOf(lead.kind, lead.id).map((note, index) => (
                                <li key={index} className="rounded-md bg-slate-100 px-3 py-2 text-sm">
                                  <p className="break-words whitespace-pre-wrap text-slate-900">{note.text}</p>
                                  <p className="mt-1 text-slate-600">
                                    {note.author?.name ?? 'Someone'}
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
                      {replies.map((reply) => (
                        <li key={reply.outboxId} className="rounded-lg border border-slate-200 p-4 text-sm">
                          <p className="font-semibold break-words">{reply.subject || '(no subject)'}</p>
                          <p className="mt-1 text-slate-700">
                            {reply.author ? `By ${reply.author.name}` : 'By staff'}, {when(reply.at)} ·{' '}
                            {REPLY_STATES[reply.state]} ·{' '}
                            <Link to={leadAdminPath(reply.kind, reply.leadId)} className="text-brand-700 underline">
                              From the {KINDS[reply.kind].noun} of {when(reply.at)}
                            </Link>
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
