// Line icons shared by several controls. Decorative: the control around them carries the name.
import type { ReactNode } from 'react';

function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
      {children}
    </svg>
  );
}

export const CloseIcon = () => (
  <LineIcon>
    <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
  </LineIcon>
);

export const MenuIcon = () => (
  <LineIcon>
    <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
  </LineIcon>
);

/**
 * The brand's mark beside the site's name, drawn in the page rather than loaded: an `<img>` of it was a request of
 * its own that Lighthouse's LCP simulation counted whenever it finished before the first paint (decision 0024, round
 * 41). `public/favicon.svg` is the same drawing for the browser's tab; icons.test.tsx holds the two together.
 */
export const BrandMark = () => (
  <svg aria-hidden="true" viewBox="0 0 32 32" width="32" height="32" className="size-8">
    <rect width="32" height="32" rx="6" fill="#1d4ed8" />
    <path d="M9 23V9h3l8 9V9h3v14h-3l-8-9v9z" fill="#fff" />
  </svg>
);
