// Links and the current address for the public pages' components. They do not import React Router, so a
// public page's script does not carry it (docs/decisions/0014-public-pages-without-the-router.md): whoever
// renders the page provides the address and how to go elsewhere — React Router on the server and in the
// admin area (root.tsx), and in the browser each island of a public page with the page's address (app/public-runtime/island.tsx).
import { type AnchorHTMLAttributes, type MouseEvent, type ReactNode, createContext, useContext, useMemo } from 'react';

export interface PageLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** How the page was reached: POP is the first load and back/forward. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

export interface Navigation {
  location: PageLocation;
  type: NavigationType;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

const NavigationContext = createContext<Navigation>({
  location: { pathname: '/', search: '', hash: '' },
  type: 'POP',
  navigate: (to) => window.location.assign(to),
});

export function NavigationProvider({ location, type, navigate, children }: Navigation & { children: ReactNode }) {
  const value = useMemo(() => ({ location, type, navigate }), [location, type, navigate]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

export const useLocation = () => useContext(NavigationContext).location;
export const useNavigationType = () => useContext(NavigationContext).type;
export const useNavigate = () => useContext(NavigationContext).navigate;

/**
 * Where a click should take the page itself (path, query and hash), or null when the browser should follow
 * it: anything but a plain left click on a link to this site, or an anchor of the page on screen.
 */
function internalTarget(event: MouseEvent<HTMLAnchorElement>): string | null {
  const anchor = event.currentTarget;
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey) return null;
  if (event.shiftKey || (anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  const samePage = url.pathname === window.location.pathname && url.search === window.location.search;
  // Another anchor of the same page: the browser scrolls to it.
  return samePage && url.hash ? null : url.pathname + url.search + url.hash;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A link to a page of this site: followed without reloading the document. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const { navigate } = useContext(NavigationContext);
  return (
    <a
      {...rest}
      href={to}
      onClick={(event) => {
        onClick?.(event);
        const target = internalTarget(event);
        if (!target) return;
        event.preventDefault();
        navigate(target);
      }}
    />
  );
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path).toLowerCase();

/** Whether `to` is the current page (`end`: exactly), as React Router's NavLink decides. */
export function isActivePath(to: string, pathname: string, end = false): boolean {
  const target = trimSlash(to);
  const current = trimSlash(pathname);
  if (current === target) return true;
  return !end && target !== '/' && current.startsWith(`${target}/`);
}

type NavLinkProps = Omit<LinkProps, 'className'> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A link that knows whether it leads to the current page: `aria-current="page"` and its own class then. */
export function NavLink({ to, end, className, ...rest }: NavLinkProps) {
  const isActive = isActivePath(to, useLocation().pathname, end);
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
