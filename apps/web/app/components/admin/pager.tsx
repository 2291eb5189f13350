// The pages of an admin list (the leads inbox, the audit log): a named navigation with a button to each side.
import type { ReactNode } from 'react';
import { secondaryButton } from './form-styles';

export interface PagerProps {
  /** The navigation's accessible name, e.g. "Job applications pages". */
  label: string;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  previousLabel?: string;
  nextLabel?: string;
  /** Shown between the buttons, e.g. "Page 2 of 5 (93 in all)". */
  status?: ReactNode;
}

export function Pager({
  label,
  page,
  pages,
  onPage,
  previousLabel = 'Previous',
  nextLabel = 'Next',
  status,
}: PagerProps) {
  return (
    <nav aria-label={label} className="mt-4 flex items-center gap-3 text-sm">
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)} className={secondaryButton}>
        {previousLabel}
      </button>
      {status !== undefined && <span>{status}</span>}
      <button type="button" disabled={page >= pages} onClick={() => onPage(page + 1)} className={secondaryButton}>
        {nextLabel}
      </button>
    </nav>
  );
}
