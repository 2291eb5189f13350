// The three built-in blog articles (/blog/aws, /blog/vpn, /blog/network-design) as the feed and the
// page list know them: the web keeps their text, the API lists them in the RSS feed with the posts
// written in the admin. Written once, here.

export interface BuiltInArticle {
  /** The article's address is /blog/<slug>. */
  slug: string;
  title: string;
  /** Meta description and feed summary. */
  description: string;
  /** ISO date of publication. */
  publishedAt: string;
}

export const BUILT_IN_ARTICLES = [
  {
    slug: 'aws',
    title: 'The Benefits of AWS for Growing Businesses',
    description: 'Why Amazon Web Services suits growing businesses: cost, scale, security and reliability explained.',
    publishedAt: '2025-01-14',
  },
  {
    slug: 'vpn',
    title: 'The Benefits of a VPN for Your Business',
    description: 'How a business VPN protects remote staff, branch offices and customer data.',
    publishedAt: '2025-02-04',
  },
  {
    slug: 'network-design',
    title: 'A Guide to Choosing the Right Network Design',
    description: 'Topologies, cabling, Wi-Fi and security: how to choose a network design that fits your business.',
    publishedAt: '2025-03-11',
  },
] as const satisfies readonly BuiltInArticle[];

export type BlogArticleId = (typeof BUILT_IN_ARTICLES)[number]['slug'];
