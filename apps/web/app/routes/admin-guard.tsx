// Client-only guard of /admin: without a session (an access token in memory, or a session cookie to renew it from
// after a reload) the visitor goes to /login. A link with more than the bare path (the lead in the agency's
// notification mail, /admin?lead=…) comes back after login.
// While an admin requires 2FA and this account has none, the account page is the only admin page it
// sees (the API refuses everything else with 403 anyway). Every admin page shares one TanStack Query cache
// (lib/api-query.ts, decision 0036).
import { ACCOUNT_PATHS } from '@agency/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '~/lib/after-login';
import { adminQueryClient } from '~/lib/api-query';
import { mustSetUpTwoFactor, restoreSession } from '~/state/auth';

export default function AdminGuard() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [allowed, setAllowed] = useState(false);
  const [mustSetUp, setMustSetUp] = useState<boolean | null>(null);
  // Once the account is known to be free to go anywhere, later pages are not held for the check.
  const [free, setFree] = useState(false);

  useEffect(() => {
    let current = true;
    void restoreSession().then((signedIn) => {
      if (!current) return;
      if (signedIn) setAllowed(true);
      else navigate(loginPathFor(`${pathname}${search}`), { replace: true });
    });
    return () => {
      current = false;
    };
  }, [navigate, pathname, search]);

  useEffect(() => {
    if (!allowed || free) return;
    let current = true;
    void mustSetUpTwoFactor().then((must) => {
      if (!current) return;
      setFree(!must);
      setMustSetUp(must);
      if (must && pathname !== ACCOUNT_PATHS.account) navigate(ACCOUNT_PATHS.account, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [allowed, free, navigate, pathname]);

  const onAccountPage = pathname === ACCOUNT_PATHS.account;
  const ready = allowed && (free || (mustSetUp === true && onAccountPage));
  return ready ? (
    <QueryClientProvider client={adminQueryClient}>
      <Outlet />
    </QueryClientProvider>
  ) : (
    <p className="p-6">Loading...</p>
  );
}
