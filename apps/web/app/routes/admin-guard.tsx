// Client-only guard of /admin: without a stored token the visitor goes to /login.
import { useEffect, useState } from 'react';
import { Outlet, useNavigate } from 'react-router';

export default function AdminGuard() {
  const navigate = useNavigate();
  const [allowed, setAllowed] = useState(false);
  useEffect(() => {
    if (localStorage.getItem('token')) setAllowed(true);
    else navigate('/login', { replace: true });
  }, [navigate]);
  return allowed ? <Outlet /> : <p className="p-6">Loading...</p>;
}
