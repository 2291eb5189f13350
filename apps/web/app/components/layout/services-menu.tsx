// The header's Services dropdown (docs/product.md section 2): opens on hover and from the keyboard (a
// disclosure button that is also a link to /services), Escape closes it and returns focus to the button. The panel is positioned
// against the header bar (the nearest positioned ancestor) so it never runs off a narrow screen. Markup only: the
// server writes it, CSS opens it on hover and focus without JavaScript (app.css), and services-menu.enhance.ts
// makes it a disclosure without React, finding it by SERVICES_MENU_HOOKS; the chevron follows `aria-expanded`.
import { useId } from 'react';
import { NavLink, useLocation } from '~/lib/navigation';
import { pathOf } from '~/content/pages';
import { SERVICE_CATEGORIES, serviceByPath, servicesIn } from '@agency/contract/content/services.ts';
import { SERVICES_MENU_HOOKS } from './services-menu.enhance';

const SERVICES_PATH = pathOf('services');
const LINK = 'block rounded-md px-2 py-1.5 text-sm hover:bg-brand-50 hover:text-brand-700';

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `${LINK} ${isActive ? 'bg-brand-50 font-semibold text-brand-700' : 'text-slate-700'}`;

export function ServicesMenu() {
  const panelId = useId();
  const { pathname } = useLocation();
  const inServices = pathname.toLowerCase() === SERVICES_PATH || Boolean(serviceByPath(pathname.toLowerCase()));

  return (
    <div {...{ [SERVICES_MENU_HOOKS.menu]: '' }}>
      {/* Also a link to /services: without JavaScript a tap or Enter there lists every service (the panel
          opens on hover and focus by CSS, app.css); the enhancement makes it a disclosure button. */}
      <a
        href={SERVICES_PATH}
        role="button"
        data-early-click=""
        aria-expanded={false}
        aria-controls={panelId}
        className={`inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-700 ${inServices ? 'bg-brand-50 text-brand-700' : 'text-slate-700'}`}
      >
        Services
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-4 transition-transform in-aria-expanded:rotate-180 motion-reduce:transition-none"
          fill="currentColor"
        >
          <path d="M5.2 7.2a.75.75 0 0 1 1.06 0L10 10.94l3.74-3.74a.75.75 0 1 1 1.06 1.06l-4.27 4.27a.75.75 0 0 1-1.06 0L5.2 8.26a.75.75 0 0 1 0-1.06z" />
        </svg>
      </a>
      {/* Hidden by a class, not the attribute: without the script, CSS opens it on hover and focus (app.css). */}
      <div
        id={panelId}
        {...{ [SERVICES_MENU_HOOKS.panel]: '' }}
        className="pointer-events-none absolute inset-x-0 top-full z-50 hidden px-4 pt-1 sm:px-6"
      >
        <div className="pointer-events-auto mx-auto max-w-4xl rounded-lg border border-slate-200 bg-white p-5 shadow-xl">
          <NavLink to={SERVICES_PATH} end className={linkClass}>
            Services
          </NavLink>
          <div className="mt-3 grid grid-cols-3 gap-6 border-t border-slate-100 pt-4">
            {SERVICE_CATEGORIES.map((category) => (
              <div key={category.id}>
                <p
                  id={`${panelId}-${category.id}`}
                  className="px-2 text-xs font-semibold tracking-wide text-slate-500 uppercase"
                >
                  {category.name}
                </p>
                <ul aria-labelledby={`${panelId}-${category.id}`} className="mt-2 space-y-0.5">
                  {servicesIn(category.id).map((service) => (
                    <li key={service.path}>
                      <NavLink to={service.path} className={linkClass}>
                        {service.name}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
