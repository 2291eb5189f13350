import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteError } from 'react-router';
import type { ReactNode } from 'react';
import './app.css';
import { SiteLayout } from '~/components/layout/site-layout';
import { AlertDialogHost } from '~/components/ui/alert-dialog';
import { Toaster } from '~/components/ui/toast';
import { SITE } from '~/content/site';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return (
    <>
      <SiteLayout>
        <Outlet />
      </SiteLayout>
      <Toaster />
      <AlertDialogHost />
    </>
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
  return (
    <SiteLayout>
      <section className="mx-auto max-w-3xl px-6 py-24 text-center">
        <p className="text-sm font-semibold text-brand-600">{notFound ? '404' : 'Error'}</p>
        <h1 className="mt-2 text-4xl font-bold">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
        <p className="mt-4 text-slate-600">
          {notFound
            ? 'The page you are looking for does not exist or has moved.'
            : 'Please try again in a moment.'}
        </p>
        <a href="/" className="mt-8 inline-block rounded-md bg-brand-600 px-5 py-3 font-semibold text-white">
          Back to the home page
        </a>
      </section>
    </SiteLayout>
  );
}
