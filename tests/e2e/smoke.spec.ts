import { PAGES } from '../../apps/web/app/content/pages.ts';
import { expect, test } from './fixtures.ts';

test('the home page is served with its heading before any script runs', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.close();
});

test('an unknown page answers 404 with a page saying so', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('every public page is served with its own title, description, canonical URL and social tags with a picture', async ({
  request,
}) => {
  const meta = (html: string, key: string) =>
    html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1];
  const indexed = PAGES.filter((entry) => entry.indexed);
  const pictures = new Set<string>();
  const titles = new Set<string>();
  for (const { path } of indexed) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
    expect(title, path).toBeTruthy();
    titles.add(title!);
    expect(meta(html, 'description'), path).toBeTruthy();
    const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1] ?? '';
    expect(new URL(canonical).pathname, path).toBe(path);
    expect(meta(html, 'og:url'), path).toBe(canonical);
    expect(meta(html, 'og:title'), path).toBe(title);
    expect(meta(html, 'og:description'), path).toBe(meta(html, 'description'));
    const picture = meta(html, 'og:image') ?? '';
    expect(new URL(picture).origin, path).toBe(new URL(canonical).origin);
    expect(meta(html, 'og:image:alt'), path).toBeTruthy();
    pictures.add(new URL(picture).pathname);
  }
  // Each page's title is its own.
  expect(titles.size).toBe(indexed.length);
  // Each picture a page names is there, as an image.
  for (const picture of pictures) {
    const image = await request.get(picture);
    expect(image.status(), picture).toBe(200);
    expect(image.headers()['content-type'], picture).toMatch(/^image\//);
  }
});
