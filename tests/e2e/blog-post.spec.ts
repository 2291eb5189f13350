// Published blog posts as a visitor meets them: server-rendered /blog/<slug>, its metadata, its image,
// sanitized content (no script from a post ever runs), 404 for drafts, and the RSS feed.
import type { APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { loginAdmin } from './support.ts';

/** A 64×32 PNG, so the upload goes through the real conversion. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAgCAIAAAAt/+nTAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAYElEQVRYhe2SQQkAQRDDaqSWTn/krIh7hIFCBKSh6cdpoht0A9ArdhfiLtENugHoFbsLcZfoBt0A9IrdhbhLdINuAHrF7kLcJbpBNwC9Ynch7hLdoBuAXrG7EHeJbvCTB+J+GJfZvK5XAAAAAElFTkSuQmCC',
  'base64',
);

const XSS = [
  'Intro with **bold** text.',
  '<script>window.__pwned = 1</script>',
  '<img src="/favicon.svg" alt="logo" onerror="window.__pwned = 2" onload="window.__pwned = 3">',
  '[click me](javascript:window.__pwned=4)',
  '## A subheading',
].join('\n\n');

async function createPost(request: APIRequestContext, body: object) {
  const { accessToken } = await loginAdmin(request);
  const headers = { authorization: `Bearer ${accessToken}` };
  const res = await request.post('/api/blogs', { headers, data: body });
  expect(res.status()).toBe(201);
  return { post: (await res.json()) as { _id: string; slug: string; excerpt: string }, headers };
}

test('a published post is server-rendered with metadata, image and safe content', async ({ page, request }) => {
  const { accessToken } = await loginAdmin(request);
  const uploaded = await request.post('/api/uploads/images', {
    headers: { authorization: `Bearer ${accessToken}` },
    multipart: { file: { name: 'header.png', mimeType: 'image/png', buffer: PNG }, upload_preset: 'blog' },
  });
  expect(uploaded.status()).toBe(201);
  const { secure_url: imageUrl } = (await uploaded.json()) as { secure_url: string };

  const title = `Cloud costs explained ${Date.now()}`;
  const imageAlt = 'A bar chart of monthly cloud costs';
  const { post } = await createPost(request, { title, content: XSS, imageUrl, imageAlt, tags: ['cloud', 'costs'] });
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });

  const response = await page.goto(`/blog/${post.slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'A subheading' })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${title} \\| `));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', post.excerpt);
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${origin}/blog/${post.slug}`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${origin}${imageUrl}`);
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', imageAlt);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const article = blocks
    .map((text) => JSON.parse(text) as { '@type'?: string })
    .find((data) => data['@type'] === 'Article');
  expect(article).toMatchObject({
    headline: title,
    author: { name: 'Site Admin' },
    image: `${origin}${imageUrl}`,
    keywords: 'cloud, costs',
  });
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('link')).toHaveText(['#cloud', '#costs']);

  const image = page.getByRole('img', { name: imageAlt });
  await expect(image).toHaveAttribute('srcset', new RegExp(`-480\\.webp 480w, .*-1600\\.webp 1600w$`));
  await expect(image).toHaveAttribute('width', '64');
  await expect(image).toHaveAttribute('height', '32');
  await expect(image).toHaveAttribute('sizes', /.+/);

  // The sanitized content: the link lost its javascript: href, nothing ran.
  await expect(page.getByText('click me')).not.toHaveAttribute('href', /.*/);
  await page.getByText('click me').click();
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);

  await expectNoAxeViolations(page, 'main');
});

test('drafts and unknown slugs answer 404', async ({ page, request }) => {
  const { post } = await createPost(request, { title: `Draft ${Date.now()}`, content: 'Not yet', status: 'draft' });
  expect((await page.goto(`/blog/${post.slug}`))?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  expect((await page.goto('/blog/no-such-post-anywhere'))?.status()).toBe(404);
});

test('the RSS feed lists published posts with absolute links', async ({ request }) => {
  const { post } = await createPost(request, { title: `Feed item ${Date.now()}`, content: 'In the feed' });
  const res = await request.get('/blog/rss.xml');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('application/rss+xml');
  const body = await res.text();
  expect(body).toContain(`/blog/${post.slug}</link>`);
  expect(body).toMatch(/<link>https?:\/\/[^<]+\/blog\//);
  // The built-in articles are in the feed too, each with its own page.
  for (const slug of ['aws', 'vpn', 'network-design']) expect(body).toContain(`/blog/${slug}</link>`);
});

test('a search finds the built-in articles by title and by their text, best match first', async ({ page }) => {
  await page.goto('/blog');
  await page.getByRole('searchbox', { name: 'Search the blog' }).fill('vpn');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/blog\?q=vpn/);
  const cards = page.getByTestId('blog-card');
  // The VPN article has the word in its title; the network design guide only in its text.
  await expect(cards.first().getByRole('heading')).toHaveText('The Benefits of a VPN for Your Business');
  await expect(page.locator('a[href="/blog/network-design"]')).toHaveCount(1);
  await expect(page.locator('a[href="/blog/aws"]')).toHaveCount(0);

  await page.goto('/blog?q=topology');
  await expect(page.locator('a[href="/blog/network-design"]')).toHaveCount(1);
  await expect(page.locator('a[href="/blog/vpn"]')).toHaveCount(0);
  // A tag lists posts only: the built-in articles have none.
  await page.goto('/blog?tag=vpn');
  await expect(page.locator('a[href="/blog/vpn"]')).toHaveCount(0);
});
