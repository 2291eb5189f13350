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
