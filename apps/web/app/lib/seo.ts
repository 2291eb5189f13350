// Page metadata: title, description, canonical URL, OpenGraph and Twitter tags (with the page's picture, else
// the site's social card) from the page list, or from the page's published content document where it holds
// them (its `seo` title and description, the `site` document's name).
import type { MetaDescriptor } from 'react-router';
import { pageById, type PageEntry } from '~/content/pages';
import { SITE, SOCIAL_CARD } from '@agency/contract/content/site.ts';

export const absoluteUrl = (path: string, origin: string = __SITE_URL__) => `${origin}${path === '/' ? '/' : path}`;

export interface SeoInput {
  title: string;
  description: string;
  path: string;
  image?: string | null;
  /** What the image shows, for people who cannot see it (og:image:alt). */
  imageAlt?: string | null;
  type?: 'website' | 'article';
  origin?: string;
  /** The agency's name after the title and in og:site_name (the `site` document's); default: the installation's. */
  siteName?: string;
}

/** Meta tags for any page; the title gets the brand appended. */
export function seo({
  title,
  description,
  path,
  image,
  imageAlt,
  type = 'website',
  origin,
  siteName = SITE.name,
}: SeoInput): MetaDescriptor[] {
  const fullTitle = path === '/' ? `${siteName} | ${title}` : `${title} | ${siteName}`;
  const url = absoluteUrl(path, origin);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: type },
    { property: 'og:site_name', content: siteName },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
  ];
  // A page without a picture of its own is shared with the site's card.
  const picture = image ? { path: image, alt: imageAlt } : SOCIAL_CARD;
  const imageUrl = picture.path.startsWith('http') ? picture.path : absoluteUrl(picture.path, origin);
  tags.push({ property: 'og:image', content: imageUrl }, { name: 'twitter:image', content: imageUrl });
  if (!image) {
    tags.push(
      { property: 'og:image:width', content: String(SOCIAL_CARD.width) },
      { property: 'og:image:height', content: String(SOCIAL_CARD.height) },
    );
  }
  if (picture.alt)
    tags.push({ property: 'og:image:alt', content: picture.alt }, { name: 'twitter:image:alt', content: picture.alt });
  return tags;
}

/** Meta tags of a page in the page list. */
export const pageSeo = (id: string, extra: Partial<SeoInput> = {}) => {
  const entry: PageEntry = pageById(id);
  return seo({ title: entry.title, description: entry.description, path: entry.path, ...extra });
};

/** What a public page's loader gives its meta: the page's document (its `seo`, if any) and the `site` document. */
export interface DocumentSeoData {
  content?: { seo?: { title?: string; description?: string } };
  site?: { name: string };
}

/** A page's own title and description from its published document, where it holds them, and the site's name. */
export const documentSeoInput = (data: DocumentSeoData | undefined): Partial<SeoInput> => ({
  ...(data?.content?.seo?.title ? { title: data.content.seo.title } : {}),
  ...(data?.content?.seo?.description ? { description: data.content.seo.description } : {}),
  ...(data?.site?.name ? { siteName: data.site.name } : {}),
});

/** Meta tags of a page in the page list whose texts its content document may override. */
export const documentSeo = (id: string, data: DocumentSeoData | undefined, extra: Partial<SeoInput> = {}) =>
  pageSeo(id, { ...documentSeoInput(data), ...extra });

/** A JSON-LD block as a meta descriptor (React Router renders it as a script tag). */
export const jsonLd = (data: object): MetaDescriptor => ({ 'script:ld+json': data });
