// /admin (behind admin-guard.tsx): Manage Blogs and Jobs for editors and admins; Leads and Team for admins;
// a notice for accounts still waiting for approval (DECISIONS.md 5).
import { MESSAGES } from '@agency/contract';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { BlogManager } from '~/components/admin/blog-manager';
import { ConfirmDialogHost } from '~/components/admin/confirm-dialog';
import { secondaryButton } from '~/components/admin/form-styles';
import { JobsManager } from '~/components/admin/jobs-manager';
import { LeadsInbox, parseLeadLink } from '~/components/admin/leads-inbox';
import { Tabs } from '~/components/admin/tabs';
import { TeamManager } from '~/components/admin/team-manager';
import { loadCurrentUser, logout, useAuth } from '~/state/auth';

export const meta = () => [{ title: 'Admin Panel' }, { name: 'robots', content: 'noindex' }];

export default function Admin() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [checked, setChecked] = useState(false);
  const [params] = useSearchParams();
  const leadLink = parseLeadLink(params.get('lead'));

  // The stored user may be stale: an admin may have approved or changed this account since login.
  useEffect(() => {
    void loadCurrentUser().finally(() => setChecked(true));
  }, []);

  async function onLogout() {
    await logout();
    navigate('/login', { replace: true });
  }

  return (
    <section className="mx-auto max-w-7xl px-6 py-12">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">Admin Panel</h1>
          {user && (
            <p className="mt-1 text-sm text-slate-700">
              Signed in as {user.name} ({user.role})
            </p>
          )}
        </div>
        <button type="button" onClick={() => void onLogout()} className={secondaryButton}>
          Logout
        </button>
      </div>

      <div className="mt-8">
        {!user ? (
          <p role="status">
            {checked ? 'Your account could not be loaded. Please log in again.' : MESSAGES.blog.loading}
          </p>
        ) : user.role === 'pending' ? (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
            {MESSAGES.auth.pendingNotice}
          </p>
        ) : user.role === 'editor' ? (
          <Tabs
            label="Editor tools"
            tabs={[
              { id: 'blogs', label: 'Manage Blogs', content: <BlogManager /> },
              { id: 'jobs', label: 'Jobs', content: <JobsManager /> },
            ]}
          />
        ) : (
          <Tabs
            label="Admin tools"
            initialId={leadLink ? 'leads' : undefined}
            tabs={[
              { id: 'blogs', label: 'Manage Blogs', content: <BlogManager /> },
              { id: 'jobs', label: 'Jobs', content: <JobsManager /> },
              { id: 'leads', label: 'Leads', content: <LeadsInbox initial={leadLink} /> },
              { id: 'team', label: 'Team', content: <TeamManager /> },
            ]}
          />
        )}
      </div>
      <ConfirmDialogHost />
    </section>
  );
}
