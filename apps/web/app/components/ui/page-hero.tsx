// The dark band at the top of a public page: its heading, its lead and what may follow them (the blog's search).
import type { ReactNode } from 'react';

const WIDTHS = { '4xl': 'max-w-4xl', '5xl': 'max-w-5xl', '7xl': 'max-w-7xl' } as const;

interface Props {
  title: ReactNode;
  lead: ReactNode;
  /** The band's content width, the page's own (7xl unless the page is narrower). */
  width?: keyof typeof WIDTHS;
  /** The lead spans the band's width (on narrow pages) instead of stopping at a reading width. */
  wideLead?: boolean;
  children?: ReactNode;
}

export function PageHero({ title, lead, width = '7xl', wideLead = false, children }: Props) {
  return (
    <section className="bg-brand-900 text-white">
      <div className={`mx-auto ${WIDTHS[width]} px-6 py-20`}>
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        <p className={`mt-6 ${wideLead ? '' : 'max-w-2xl '}text-lg text-blue-100`}>{lead}</p>
        {children}
      </div>
    </section>
  );
}
