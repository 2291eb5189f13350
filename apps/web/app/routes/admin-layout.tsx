// The admin area's frame (behind admin-guard.tsx): heading, Logout, the navigation of the sections
// the account may open (content/admin.ts) and the section itself. Accounts still waiting for approval
// see a notice instead (docs/product.md D5).
import { MESSAGES, ROLE_ACCESS } from '@agency/contract';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { AdminNav } from '~/components/admin/admin-nav';
import { ConfirmDialogHost } from '~/components/admin/confirm-dialog';
import { FailingNotificationsBanner } from '~/components/admin/dashboard';
import { secondaryButton } from '~/components/admin/form-styles';
import { mayOpen, sectionOf } from '~/content/admin';
import { adminMeta } from '~/lib/admin-meta';
import { loadCurrentUser, logout, useAuth } from '~/state/auth';

export const meta = () => adminMeta();

const WHO = { admin: 'admins', editor: 'editors', sales: 'sales' } as const;

export default function AdminLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { user } = useAuth();
  const [checked, setChecked] = useState(false);

  // The stored user may be stale: an admin may have approved or changed this account since login.
  useEffect(() => {
    void loadCurrentUser().finally(() => setChecked(true));
  }, []);

  async function onLogout() {
    await logout();
    navigate('/login', { replace: true });
  }

  const section = user ? sectionOf(pathname, user.role) : undefined;

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
        ) : (
          <>
            {(ROLE_ACCESS.leads as readonly string[]).includes(user.role) && <FailingNotificationsBanner />}
            <AdminNav role={user.role} current={section} />
            <div className="mt-8">
              {section && !mayOpen(section, user.role) ? (
                <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
                  {section.label} is for {section.roles.map((role) => WHO[role]).join(' and ')}. Ask an admin if you
                  need it.
                </p>
              ) : (
                <Outlet />
              )}
            </div>
          </>
        )}
      </div>
      <ConfirmDialogHost />
    </section>
  );
}
