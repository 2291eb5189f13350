// Public pages, part 1: home, about, connect, services, packages, blog list, built-in articles, quote chooser.
import { SERVICES_CATALOGUE } from '@agency/contract/content/services.ts';
import { truncate } from '../../apps/web/app/lib/text.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { loginAdmin } from './support.ts';

const ROUTES = [
  { path: '/', h1: 'Technology that moves your business forward' },
  { path: '/about', h1: 'About Us' },
  { path: '/connect', h1: 'Connect With Us' },
  { path: '/services', h1: 'Our Services' },
  { path: '/packages', h1: 'Packages' },
  { path: '/blog', h1: 'Blogs' },
  { path: '/blog/aws', h1: 'The Benefits of AWS for Growing Businesses' },
  { path: '/blog/vpn', h1: 'The Benefits of a VPN for Your Business' },
  { path: '/blog/network-design', h1: 'A Guide to Choosing the Right Network Design' },
  { path: '/quote', h1: 'Request a Quote' },
] as const;

test.beforeEach(async ({ page }) => {
  // Consent already given, so the cookie banner never covers the page.
  await page.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
});

test.describe('without JavaScript', () => {
  for (const { path, h1 } of ROUTES) {
    test(`${path} answers 200 with its heading in the HTML`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await context.close();
    });
  }
});

test.describe('accessibility', () => {
  for (const { path } of ROUTES) {
    test(`axe finds no violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
    });
  }
});

test('home: six expertise cards link to their services with descriptions cut to 70 characters', async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Areas of expertise' });
  const cards = section.getByRole('link');
  const paths = [
    '/network-design',
    '/server-setup',
    '/cloud-services',
    '/cloud-storage-backup',
    '/custom-development',
    '/it-support',
  ];
  await expect(cards).toHaveCount(6);
  for (const [index, path] of paths.entries()) {
    await expect(cards.nth(index)).toHaveAttribute('href', path);
    const service = SERVICES_CATALOGUE.find((candidate) => candidate.path === path)!;
    const description = cards.nth(index).getByTestId('expertise-description');
    // Cut at the last word boundary within 70 characters, then "...".
    const shown = (await description.textContent()) ?? '';
    expect(shown).toBe(truncate(service.description, 70));
    if (service.description.length > 70) {
      const kept = shown.slice(0, -3);
      expect(kept.length).toBeLessThanOrEqual(70);
      expect(service.description.startsWith(kept)).toBe(true);
      expect(service.description.charAt(kept.length)).toMatch(/[\s,;:.]/);
    }
  }
  await cards.first().click();
  await expect(page).toHaveURL(/\/network-design$/);
});

test('home: hero links to services, shows the product, mission, reasons and organization data', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Table-Order-System' })).toBeVisible();
  for (const step of ['Scan a QR code at the table', 'Browse the menu', 'Place the order', 'Real-time order updates']) {
    await expect(page.getByRole('heading', { name: step })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Our mission' })).toBeVisible();
  for (const reason of ['Expertise', 'Innovation', 'Customer-Centric']) {
    await expect(page.getByRole('heading', { name: reason, exact: true })).toBeVisible();
  }
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  const organization = JSON.parse(jsonLd ?? '{}') as { '@type': string; subOrganization: unknown[] };
  expect(organization['@type']).toBe('Organization');
  expect(organization.subOrganization).toHaveLength(3);

  await page.getByRole('link', { name: 'View our services' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Services');
});

test('home: the tech strip lists each technology once for assistive technology and stops under reduced motion', async ({
  page,
}) => {
  await page.goto('/');
  const names = ['WordPress', 'Tailwind CSS', 'React.js', 'Express.js', 'Node.js', 'MongoDB', 'JavaScript', 'Github'];
  const strip = page.getByRole('region', { name: 'Technologies we work with' });
  await expect(strip.getByRole('listitem')).toHaveText(names);
  await expect(page.getByTestId('tech-strip-copy')).toHaveAttribute('aria-hidden', 'true');
  const track = page.getByTestId('tech-strip-track');
  expect(await track.evaluate((element) => getComputedStyle(element).animationName)).toBe('tech-strip-scroll');
  // It moves only near the viewport (decision 0024, round 40): waiting below the first screen, moving in view.
  const playState = () => track.evaluate((element) => getComputedStyle(element).animationPlayState);
  await expect.poll(playState).toBe('paused');
  await track.scrollIntoViewIfNeeded();
  await expect.poll(playState).toBe('running');

  const pause = strip.getByRole('button', { name: 'Pause animation' });
  await pause.click();
  await expect(pause).toHaveAttribute('aria-pressed', 'true');
  expect(await track.evaluate((element) => getComputedStyle(element).animationPlayState)).toBe('paused');

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await track.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
  await expect(page.getByTestId('tech-strip-copy')).toBeHidden();
});

test('about: shows the six sections', async ({ page }) => {
  await page.goto('/about');
  const headings = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(headings).toHaveText([
    'Our Mission',
    'Our Story',
    'Our Culture',
    'Our Team',
    'Our Vision',
    "Why We're Different",
  ]);
});

test('connect: lists the three offices, the email and the contact form', async ({ page }) => {
  await page.goto('/connect');
  const findUs = page.getByRole('region', { name: 'Find us' });
  for (const city of ['London', 'Maidstone', 'Kathmandu']) {
    await expect(findUs.getByRole('heading', { name: new RegExp(`^${city},`) })).toBeVisible();
  }
  await expect(findUs.getByRole('link', { name: 'info@nexorait.co.uk' })).toHaveAttribute(
    'href',
    'mailto:info@nexorait.co.uk',
  );
  await expect(page.getByRole('region', { name: 'Send us a message' }).getByRole('button')).not.toHaveCount(0);
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  expect(JSON.parse(jsonLd ?? '{}')['@type']).toBe('Organization');
});

test('services: first item selected, choosing one shows it and scrolls to it, Read More opens its page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/services');
  const main = page.getByRole('main');
  const first = main.getByRole('button', { name: 'Cloud Computing', exact: true });
  await expect(first).toHaveAttribute('aria-pressed', 'true');
  const panel = page.locator('#service-detail');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText('Cloud Computing');

  const buttons = page.getByRole('navigation', { name: 'Service categories' }).getByRole('button');
  await expect(buttons).toHaveCount(12);
  await expect(main.getByRole('heading', { name: 'Managed IT Solutions' })).toBeVisible();

  const backup = main.getByRole('button', { name: 'Cloud Storage and Backup' });
  await backup.click();
  await expect(backup).toHaveAttribute('aria-pressed', 'true');
  await expect(first).toHaveAttribute('aria-pressed', 'false');
  await expect(panel.getByRole('heading', { level: 2 })).toHaveText('Cloud Storage and Backup');
  // On a phone the panel sits far below the list, so its top reaching the top of the screen
  // (below the sticky header) shows it was scrolled to.
  await expect
    .poll(async () => Math.round((await panel.boundingBox())?.y ?? -1), { timeout: 5000 })
    .toBeGreaterThanOrEqual(0);
  await expect
    .poll(async () => Math.round((await panel.boundingBox())?.y ?? 9999), { timeout: 5000 })
    .toBeLessThan(150);

  await panel.getByRole('link', { name: /^Read More/ }).click();
  await expect(page).toHaveURL(/\/cloud-storage-backup$/);
});

test('packages: five plans with their prices and every shared inclusion', async ({ page }) => {
  await page.goto('/packages');
  const cards = page.getByTestId('plan-card');
  await expect(cards).toHaveCount(5);
  await expect(cards.getByRole('heading')).toHaveText([
    'Business Startup',
    'Business Professional',
    'E-commerce',
    'Restaurant Startup',
    'Restaurant Gold',
  ]);
  await expect(page.getByTestId('plan-price')).toHaveText(['£500', '£800', '£2000', '£800', '£1200']);
  for (const group of ['Business', 'E-commerce', 'Restaurant']) {
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: group, exact: true })).toBeVisible();
  }
  await expect(cards.nth(2)).toContainText('CDN setup');
  await expect(cards.nth(4)).toContainText('Table booking form');
  for (const item of [
    'Free .co.uk domain for a year',
    'Hosting for a year',
    'SSL certificate setup',
    'SEO optimization',
  ]) {
    await expect(page.getByRole('region', { name: 'Included in every package' })).toContainText(item);
  }
  await cards
    .first()
    .getByRole('link', { name: /Get a quote/ })
    .click();
  await expect(page).toHaveURL(/\/quote$/);
});

test('blog: the three built-in cards come first, Read More opens the article', async ({ page }) => {
  await page.goto('/blog');
  // Other specs may have published posts on the same server; they are listed after these three.
  const cards = page.getByTestId('blog-card');
  await expect(cards.nth(2)).toBeVisible();
  const readMore = page.getByRole('main').getByRole('link', { name: /^Read More/ });
  await expect(readMore.nth(0)).toHaveAccessibleName('Read More: The Benefits of AWS for Growing Businesses');
  await expect(readMore.nth(0)).toHaveAttribute('href', '/blog/aws');
  await expect(readMore.nth(1)).toHaveAttribute('href', '/blog/vpn');
  await expect(readMore.nth(2)).toHaveAttribute('href', '/blog/network-design');
  for (const text of await cards.locator('p').allTextContents()) {
    // Card text is cut to 130 characters plus "...".
    expect(text.length).toBeLessThanOrEqual(133);
  }

  await readMore.nth(1).click();
  await expect(page).toHaveURL(/\/blog\/vpn$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The Benefits of a VPN for Your Business');
  await expect(page.getByText('By Nexora IT Solutions')).toBeVisible();
  expect(await page.getByRole('main').getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(4);
  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  const article = JSON.parse(jsonLd ?? '{}') as { '@type': string; headline: string };
  expect(article).toMatchObject({ '@type': 'Article', headline: 'The Benefits of a VPN for Your Business' });
});

test('blog: a published post is listed after the built-in cards and links to its page', async ({ page, request }) => {
  const { accessToken } = await loginAdmin(request);
  const title = `Pages spec post ${Date.now()} with a title long enough to be cut on its card`;
  const created = await request.post('/api/blogs', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { title, content: 'A short post written by the pages spec.', status: 'published' },
  });
  expect(created.status()).toBe(201);
  const post = (await created.json()) as { _id: string; slug: string };
  try {
    await page.goto('/blog');
    const link = page.getByRole('link', { name: `Read More: ${title}` });
    await expect(link).toHaveAttribute('href', `/blog/${post.slug}`);
    // Cut at the last word boundary within 62 characters: "… enough to be...".
    await expect(page.getByRole('heading', { name: `${title.slice(0, title.indexOf(' cut'))}...` })).toBeVisible();
    // The built-in three stay first.
    await expect(page.getByTestId('blog-card').nth(3)).toContainText('A short post written by the pages spec.');
  } finally {
    await request.delete(`/api/blogs/${post._id}`, { headers: { authorization: `Bearer ${accessToken}` } });
  }
});

test('quote chooser: the UK card goes to /quote-uk and the Nepal card to /quote-nepal', async ({ page }) => {
  await page.goto('/quote');
  const uk = page.getByRole('main').getByRole('link', { name: /United Kingdom/ });
  const nepal = page.getByRole('main').getByRole('link', { name: /Nepal/ });
  await expect(uk).toContainText('GBP');
  await expect(nepal).toContainText('NPR');
  await expect(nepal).toHaveAttribute('href', '/quote-nepal');
  await uk.click();
  await expect(page).toHaveURL(/\/quote-uk$/);
});

test('a prerendered page is answered compressed, with an ETag, and 304 while it has not changed', async ({
  request,
}) => {
  for (const encoding of ['br', 'gzip', 'identity']) {
    const first = await request.get('/services', { headers: { 'accept-encoding': encoding } });
    expect(first.status()).toBe(200);
    expect(first.headers()['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    expect(first.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(first.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(await first.text()).toContain('Our Services');
    const etag = first.headers().etag ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await request.get('/services', {
      headers: { 'accept-encoding': encoding, 'if-none-match': etag },
    });
    expect(again.status()).toBe(304);
  }
  const other = await request.get('/about', { headers: { 'if-none-match': '"not-this-page"' } });
  expect(other.status()).toBe(200);
});
