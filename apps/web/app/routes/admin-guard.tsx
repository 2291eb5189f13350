// Client-only guard of /admin: without a stored token the visitor goes to /login. A link with more
// than the bare path (the lead in the agency's notification mail, /admin?lead=…) comes back after login.
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_PATHS } from '@agency/contract';
import { loginPathFor } from '~/lib/after-login';
import { mustSetUpTwoFactor } from '~/state/auth';

export default function AdminGuard() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    if (localStorage.getItem('token')) setAllowed(true);
    else navigate(loginPathFor(`${pathname}${search}`), { replace: true });
  }, [navigate, pathname, search]);
  // While an admin requires 2FA and this account has none, the account page is the only place to be
  // (the API refuses everything else with 403 anyway).
  useEffect(() => {
    if (!allowed || pathname === ACCOUNT_PATHS.account) return;
    let current = true;
    void mustSetUpTwoFactor().then((must) => {
      if (must && current) navigate(ACCOUNT_PATHS.account, { replace: true });
    });
    return () => {
      current = false;
    };
  }, [allowed, navigate, pathname]);
  return allowed ? <Outlet /> : <p className="p-6">Loading...</p>;
}
