// The one list of the site's pages: routes.ts, the prerender list, the sitemap and robots.txt use it.
import { ACCOUNT_PATHS, BUILT_IN_ARTICLES, BUILT_IN_BLOG_SLUGS, THANK_YOU } from '@agency/contract';
import { SERVICES_CATALOGUE } from '@agency/contract/content/services.ts';

const THANK_YOU_PAGES = ['quote', 'contact', 'application'] as const;

export interface PageEntry {
  id: string;
  path: `/${string}`;
  /** Route module, relative to app/. */
  file: string;
  title: string;
  description: string;
  /** Static HTML at build time (false: rendered per request). */
  prerender: boolean;
  /** Listed in sitemap.xml; false also means disallowed in robots.txt. */
  indexed: boolean;
  /**
   * Runs with React Router in the browser (the sign-in pages, which lead into the admin area); every other
   * page runs on the public pages' own small runtime (app/public-runtime).
   */
  routerInBrowser?: boolean;
}

const page = (entry: Omit<PageEntry, 'prerender' | 'indexed'> & Partial<PageEntry>): PageEntry => ({
  prerender: true,
  indexed: true,
  ...entry,
});

// The built-in articles' slugs live in the contract: the API keeps database posts off them.
export const BLOG_ARTICLE_IDS = BUILT_IN_BLOG_SLUGS;
export type BlogArticleId = (typeof BLOG_ARTICLE_IDS)[number];

export const PAGES: readonly PageEntry[] = [
  page({
    id: 'home',
    path: '/',
    file: 'routes/home.tsx',
    title: 'IT Services and Web Development in the UK and Nepal',
    description:
      'Cloud, managed IT, networks, security and web development for growing businesses, from offices in London, Kent and Kathmandu.',
  }),
  page({
    id: 'about',
    path: '/about',
    file: 'routes/about.tsx',
    title: 'About Us',
    description:
      'Who we are: our mission, story, culture, team and vision, and why businesses in the UK and Nepal choose us.',
  }),
  page({
    id: 'connect',
    path: '/connect',
    file: 'routes/connect.tsx',
    title: 'Connect With Us',
    description:
      'Find our offices in London, Kent and Kathmandu, or send us a message and we will reply within one business day.',
  }),
  page({
    id: 'services',
    path: '/services',
    file: 'routes/services.tsx',
    title: 'Our Services',
    description: 'Cloud computing, website development and managed IT solutions: every service we offer, in one place.',
  }),
  page({
    id: 'packages',
    path: '/packages',
    file: 'routes/packages.tsx',
    title: 'Website Packages and Prices',
    description:
      'Fixed-price website packages for startups, growing businesses, online shops and restaurants, from £500.',
  }),
  ...SERVICES_CATALOGUE.map((service) =>
    page({
      id: `service-${service.slug}`,
      path: service.path,
      file: 'routes/service-landing.tsx',
      title: service.name,
      description: service.description,
    }),
  ),
  page({
    id: 'blog',
    path: '/blog',
    file: 'routes/blog.tsx',
    title: 'Blogs',
    description: 'Guides and insights on cloud, networks, security and the web from our engineers.',
    // Lists published posts from the database, so it is rendered per request.
    prerender: false,
  }),
  ...BUILT_IN_ARTICLES.map((article) =>
    page({
      id: `blog-${article.slug}`,
      path: `/blog/${article.slug}`,
      file: 'routes/blog-article.tsx',
      title: article.title,
      description: article.description,
    }),
  ),
  page({
    id: 'career',
    path: '/career',
    file: 'routes/career.tsx',
    title: 'Careers',
    description: 'Join our team in the UK or Nepal: open roles in design, marketing, development and DevOps.',
    // Lists the open job openings from the database, so it is rendered per request.
    prerender: false,
  }),
  page({
    id: 'privacy',
    path: '/privacy',
    file: 'routes/privacy.tsx',
    title: 'Privacy Policy',
    description: 'What personal data we collect, why, how we protect it and the rights you have over it.',
  }),
  page({
    id: 'terms',
    path: '/terms-conditions',
    file: 'routes/terms.tsx',
    title: 'Terms and Conditions',
    description: 'The terms that govern the use of our website and services, under the law of England and Wales.',
  }),
  page({
    id: 'cookies',
    path: '/cookies',
    file: 'routes/cookies.tsx',
    title: 'Cookie Policy',
    description: 'Which cookies our website uses, what they do, how long they last and how to control them.',
  }),
  page({
    id: 'quote',
    path: '/quote',
    file: 'routes/quote.tsx',
    title: 'Request a Quote',
    description: 'Request a quote for your project from our UK team (prices in GBP) or our Nepal team (prices in NPR).',
  }),
  page({
    id: 'quote-uk',
    path: '/quote-uk',
    file: 'routes/quote-region.tsx',
    title: 'Request a Quote (United Kingdom)',
    description: 'Tell us about your project and get a quote in pounds sterling from our UK team.',
  }),
  page({
    id: 'quote-nepal',
    path: '/quote-nepal',
    file: 'routes/quote-region.tsx',
    title: 'Request a Quote (Nepal)',
    description: 'Tell us about your project and get a quote in Nepalese rupees from our Kathmandu team.',
  }),
  // Where a form posted without JavaScript lands once sent (the script version shows a toast instead).
  ...THANK_YOU_PAGES.map((kind) =>
    page({
      id: `thank-you-${kind}`,
      path: THANK_YOU[kind].path,
      file: 'routes/thank-you.tsx',
      title: THANK_YOU[kind].title,
      description: THANK_YOU[kind].body,
      indexed: false,
    }),
  ),
  page({
    id: 'login',
    path: ACCOUNT_PATHS.login,
    file: 'routes/login.tsx',
    title: 'Log in',
    description: 'Log in to the admin area.',
    prerender: false,
    indexed: false,
    routerInBrowser: true,
  }),
  page({
    id: 'register',
    path: '/register',
    file: 'routes/register.tsx',
    title: 'Register',
    description: 'Create an account for the admin area.',
    prerender: false,
    indexed: false,
    routerInBrowser: true,
  }),
  page({
    id: 'forgot-password',
    path: ACCOUNT_PATHS.forgotPassword,
    file: 'routes/forgot-password.tsx',
    title: 'Forgot password',
    description: 'Get a link to choose a new password for your account.',
    prerender: false,
    indexed: false,
    routerInBrowser: true,
  }),
  page({
    id: 'accept-invite',
    path: '/accept-invite',
    file: 'routes/accept-invite.tsx',
    title: 'Join the team',
    description: 'Accept an invitation to the admin area: choose your name and password.',
    prerender: false,
    indexed: false,
    routerInBrowser: true,
  }),
  page({
    id: 'reset-password',
    path: ACCOUNT_PATHS.resetPassword,
    file: 'routes/reset-password.tsx',
    title: 'Choose a new password',
    description: 'Choose a new password for your account.',
    prerender: false,
    indexed: false,
    routerInBrowser: true,
  }),
];

/** Public pages with a path per database row: a blog post, a job opening (rendered per request). */
export const ROW_PAGES = [
  { id: 'blog-post', path: '/blog/:slug', file: 'routes/blog-post.tsx' },
  { id: 'career-job', path: '/career/:slug', file: 'routes/career-job.tsx' },
] as const;

/** The routes whose pages run on the public pages' own runtime in the browser (app/public-runtime), not React Router. */
export const PUBLIC_RUNTIME_ROUTES: readonly { id: string; file: string }[] = [
  ...PAGES.filter((entry) => !entry.routerInBrowser),
  ...ROW_PAGES,
].map(({ id, file }) => ({ id, file }));

/** Pages under the admin guard (not public, never indexed). */
export const ADMIN_PATH = '/admin';

export const PRERENDERED_PATHS = PAGES.filter((entry) => entry.prerender).map((entry) => entry.path);

export const pageById = (id: string): PageEntry => {
  const entry = PAGES.find((candidate) => candidate.id === id);
  if (!entry) throw new Error(`Unknown page id: ${id}`);
  return entry;
};

/** The path of a page in the list, for links: the page's path is written only in its entry. */
export const pathOf = (id: string): string => pageById(id).path;

export const pageByPath = (path: string): PageEntry | undefined =>
  PAGES.find((entry) => entry.path.toLowerCase() === path.toLowerCase().replace(/(.)\/$/, '$1'));
