import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useNavigate,
  useMatches,
  useNavigationType,
  useRouteError,
} from 'react-router';
import { type ReactNode, useContext } from 'react';
import './app.css';
import { SiteLayout, SitePage } from '~/components/layout/site-layout';
import { Particles } from '~/components/ui/particles';
import { SITE } from '@agency/contract/content/site.ts';
import { DraftPreviewBanner, isPreviewData } from '~/components/layout/draft-preview-banner';
import { APP_ELEMENT_ID, PageDataContext, PageScripts } from '~/public-runtime/page-data';
import { EARLY_CLICKS_SCRIPT } from '~/lib/early-clicks';
import { NavigationProvider } from '~/lib/navigation';
import { SiteContext, usePublishedSite } from '~/lib/site-content';
import { useNonce } from '~/lib/nonce';
import { ZOD_WITHOUT_EVAL_SCRIPT } from '@agency/contract';

/** The address and navigation of React Router, for the components that do not import it (lib/navigation.tsx). */
function RouterNavigation({ children }: { children: ReactNode }) {
  return (
    <NavigationProvider location={useLocation()} type={useNavigationType()} navigate={useNavigate()}>
      {children}
    </NavigationProvider>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  // A public page runs without React Router in the browser (app/public-runtime): rendered as its runtime hydrates
  // it, with its own scripts.
  const publicPage = useContext(PageDataContext);
  const nonce = useNonce();
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: EARLY_CLICKS_SCRIPT }} />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: ZOD_WITHOUT_EVAL_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {/* display: contents — the element a public page's runtime hydrates, without a box of its own. */}
        {publicPage ? (
          <>
            <div id={APP_ELEMENT_ID} className="contents" dangerouslySetInnerHTML={{ __html: publicPage.html }} />
            <PageScripts page={publicPage} nonce={nonce} />
          </>
        ) : (
          <>
            <div id={APP_ELEMENT_ID} className="contents">
              <RouterNavigation>{children}</RouterNavigation>
            </div>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  // The page's data carries the site document (lib/content-loader.ts); the admin's pages fall back to the default.
  const loaderData = useMatches().at(-1)?.loaderData;
  const site = usePublishedSite(loaderData);
  return (
    <SiteContext.Provider value={site}>
      {isPreviewData(loaderData) && <DraftPreviewBanner />}
      <SitePage>
        <Outlet />
      </SitePage>
    </SiteContext.Provider>
  );
}

/** Shown when no route matches; every page replaces it with its own. */
export const meta = () => [
  { title: `Page not found | ${SITE.name}` },
  { name: 'description', content: 'The page you are looking for does not exist.' },
  { name: 'robots', content: 'noindex' },
];

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const site = usePublishedSite(null);
  return (
    <SiteContext.Provider value={site}>
      <SiteLayout>
        <section className="relative isolate overflow-hidden bg-gradient-to-b from-brand-50 to-white">
          <Particles />
          <div className="relative mx-auto max-w-3xl px-6 py-24 text-center sm:py-32">
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{notFound ? '404' : 'Error'}</p>
            <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">
              {notFound ? 'Page not found' : 'Something went wrong'}
            </h1>
            <p className="mt-4 text-lg text-slate-600">
              {notFound ? 'The page you are looking for does not exist or has moved.' : 'Please try again in a moment.'}
            </p>
            <div className="mt-10 flex flex-wrap justify-center gap-3">
              <Link to="/" className="rounded-md bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
                Back to the home page
              </Link>
              <Link
                to="/services"
                className="rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-ink hover:bg-slate-50"
              >
                Our services
              </Link>
              <Link
                to="/connect"
                className="rounded-md border border-slate-300 bg-white px-5 py-3 font-semibold text-ink hover:bg-slate-50"
              >
                Contact us
              </Link>
            </div>
          </div>
        </section>
      </SiteLayout>
    </SiteContext.Provider>
  );
}
