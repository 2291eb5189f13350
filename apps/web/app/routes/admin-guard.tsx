// Client-only guard of /admin: without a stored token the visitor goes to /login. A link with more
// than the bare path (the lead in the agency's notification mail, /admin?lead=…) comes back after login.
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '~/lib/after-login';

export default function AdminGuard() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    if (localStorage.getItem('token')) setAllowed(true);
    else navigate(loginPathFor(`${pathname}${search}`), { replace: true });
  }, [navigate, pathname, search]);
  return allowed ? <Outlet /> : <p className="p-6">Loading...</p>;
}
