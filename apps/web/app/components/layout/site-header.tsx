// Sticky site header (docs/product.md section 2): logo, desktop navigation with the Services dropdown,
// the "Request a quote" button and, below the desktop breakpoint, the mobile menu. Markup only: the menus work
// without JavaScript (app.css); site-header.enhance.ts and services-menu.enhance.ts make them toggles and the
// quote link open the dialog.
import { Link, NavLink } from '~/lib/navigation';
import { BrandMark, CloseIcon, MenuIcon } from '~/components/ui/icons';
import { pathOf } from '~/content/pages';
import { useSite } from '~/lib/site-content';
import { ServicesMenu } from './services-menu';
import { HEADER_HOOKS } from './site-header.enhance';

/** Desktop links after the Services dropdown; Blog is a deliberate addition (docs/product.md; the original design leaves it out). */
const MAIN_LINKS = [
  { to: pathOf('about'), label: 'About Us' },
  { to: pathOf('career'), label: 'Career' },
  { to: pathOf('blog'), label: 'Blog' },
  { to: pathOf('connect'), label: 'Connect' },
];

/** The mobile menu's links (docs/product.md section 2); Career is added by docs/product.md (a deliberate change). */
const MOBILE_LINKS = [
  { to: pathOf('about'), label: 'About Us' },
  { to: pathOf('services'), label: 'Services' },
  { to: pathOf('career'), label: 'Career' },
  { to: pathOf('connect'), label: 'Connect' },
  { to: pathOf('blog'), label: 'Blog' },
];

const MOBILE_MENU_ID = 'mobile-menu';

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-700 ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-700'}`;
const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-3 text-base font-medium hover:bg-brand-50 ${isActive ? 'bg-brand-50 text-brand-700' : 'text-slate-800'}`;

export function SiteHeader() {
  const SITE = useSite();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="relative mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 rounded-md text-lg font-bold text-brand-700 sm:text-xl"
        >
          <BrandMark />
          {SITE.name}
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            <li>
              <ServicesMenu />
            </li>
            {MAIN_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={desktopLink}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-2">
          {/* A link to the quote page that site-header.enhance.ts makes open the dialog (a
              button to assistive technology). */}
          <a
            href={pathOf('quote')}
            role="button"
            {...{ [HEADER_HOOKS.quote]: '' }}
            data-early-click=""
            className="hidden items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 sm:inline-flex"
          >
            Request a quote
          </a>
          {/* A link to the menu, which CSS opens as the `:target` without JavaScript or before it runs
              (app.css): no focus or `:has()` needed, so a tap opens it in every browser. The enhancement makes it
              a toggle (a button to assistive technology). */}
          <a
            href={`#${MOBILE_MENU_ID}`}
            role="button"
            {...{ [HEADER_HOOKS.menuToggle]: '' }}
            aria-expanded={false}
            aria-controls={MOBILE_MENU_ID}
            aria-label="Open menu"
            className="inline-flex items-center justify-center rounded-md p-2 text-slate-700 hover:bg-slate-100 lg:hidden"
          >
            <span {...{ [HEADER_HOOKS.icon]: 'open' }}>
              <MenuIcon />
            </span>
            <span {...{ [HEADER_HOOKS.icon]: 'close' }} className="hidden">
              <CloseIcon />
            </span>
          </a>
        </div>
      </div>

      {/* Hidden by a class, not the attribute: without the script, CSS opens it as the `:target` (app.css). */}
      <nav
        id={MOBILE_MENU_ID}
        aria-label="Mobile"
        data-early-menu=""
        className="hidden border-t border-slate-200 lg:hidden"
      >
        <ul className="mx-auto max-w-7xl space-y-1 px-4 py-3 sm:px-6">
          {MOBILE_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={mobileLink}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
