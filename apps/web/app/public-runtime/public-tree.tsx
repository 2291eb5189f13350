// What a public page renders inside its app element, on the server (public-runtime/public-page.server.tsx). The
// browser never hydrates it as a whole: only its islands (public-runtime/island.tsx).
import { type ComponentType, StrictMode } from 'react';
import { DraftPreviewBanner, isPreviewData } from '~/components/layout/draft-preview-banner';
import { SitePage } from '~/components/layout/site-layout';
import { type Navigation, NavigationProvider } from '~/lib/navigation';
import { SiteContext, siteOf } from '~/lib/site-content';

/** A route's component, given its loader's data as React Router would give it. */
export type PageComponent = ComponentType<{ loaderData: never }>;

export function PublicTree({ Page, data, ...navigation }: Navigation & { Page: PageComponent; data: unknown }) {
  return (
    <StrictMode>
      <NavigationProvider {...navigation}>
        {/* The site document (footer, contact details) comes with the page's data: lib/content-loader.ts. */}
        <SiteContext.Provider value={siteOf(data)}>
          {isPreviewData(data) && <DraftPreviewBanner />}
          <SitePage>
            <Page key={navigation.location.pathname + navigation.location.search} loaderData={data as never} />
          </SitePage>
        </SiteContext.Provider>
      </NavigationProvider>
    </StrictMode>
  );
}
