// Site content published without a build (issue 23): a package price and an office phone changed through the
// content API reach the public pages, their JSON-LD and the sitemap at once, a draft never does, and a preview
// link shows the draft to its holder only, marked noindex. The documents are put back afterwards.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminAuth, type Json, keepContent, publishContent, saveContentDraft } from './content-documents.ts';

let auth: Record<string, string>;
let kept: Awaited<ReturnType<typeof keepContent>>;

const saveDraft = (request: APIRequestContext, key: string, change: (data: Json) => void) =>
  saveContentDraft(request, auth, key, change);
const publish = (request: APIRequestContext, key: string, version: number) =>
  publishContent(request, auth, key, version);

const jsonLdOf = async (request: APIRequestContext, path: string) => {
  const html = await (await request.get(path)).text();
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1] ?? '').join('\n');
};

test.beforeAll(async ({ request }) => {
  auth = await adminAuth(request);
  kept = await keepContent(request, ['packages', 'site', 'about']);
});

// Put the installation's texts back for the specs that follow.
test.afterAll(async ({ request }) => kept.restore(request));

test('a published package price and office phone are on the public pages and in their JSON-LD, a draft never', async ({
  page,
  request,
}) => {
  // A draft: the public pages do not change.
  let version = await saveDraft(request, 'packages', (data) => {
    data.plans[0].price = 777;
  });
  await page.goto('/packages');
  await expect(page.getByTestId('plan-price').first()).toHaveText('£500');

  // Published: the page, its JSON-LD and the sitemap follow, with no build.
  await publish(request, 'packages', version);
  await page.goto('/packages');
  await expect(page.getByTestId('plan-price').first()).toHaveText('£777');
  expect(await jsonLdOf(request, '/packages')).toContain('"price":777');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/\/packages<\/loc><lastmod>\d{4}-\d{2}-\d{2}T/);

  version = await saveDraft(request, 'site', (data) => {
    data.offices[0].phone = '+44 20 7946 0999';
  });
  await publish(request, 'site', version);
  await page.goto('/connect');
  await expect(page.getByRole('link', { name: '+44 20 7946 0999' }).first()).toBeVisible();
  // The footer of every page (a prerendered one too) and the Organization data of the home page.
  await page.goto('/about');
  await expect(page.locator('footer').getByRole('link', { name: '+44 20 7946 0999' })).toBeVisible();
  expect(await jsonLdOf(request, '/')).toContain('"telephone":"+44 20 7946 0999"');
  // After a client-side navigation to a page this browser has not kept (a kept one may be shown once from
  // the browser's cache while it revalidates: stale-while-revalidate, decision 0008).
  await page.locator('footer').getByRole('link', { name: 'Services' }).click();
  await expect(page).toHaveURL(/\/services$/);
  await expect(page.locator('footer').getByRole('link', { name: '+44 20 7946 0999' })).toBeVisible();
});

test('a preview link shows the draft to its holder only, marked noindex', async ({ page, request }) => {
  await saveDraft(request, 'packages', (data) => {
    data.plans[0].price = 1234;
  });
  const response = await request.post('/api/admin/content/packages/preview', { headers: auth });
  expect(response.status()).toBe(200);
  const { url } = (await response.json()) as { url: string };
  const previewed = await page.goto(url);
  expect(previewed?.headers()['x-robots-tag']).toBe('noindex');
  expect(previewed?.headers()['cache-control']).toMatch(/private|no-store/);
  await expect(page.getByTestId('plan-price').first()).toHaveText('£1234');
  await page.goto('/packages');
  await expect(page.getByTestId('plan-price').first()).not.toHaveText('£1234');
  const forged = await request.get(url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')));
  expect(await forged.text()).not.toContain('£1234');
});

test("Markdown in a document is rendered on its page, script stripped; its search title and description are in the page's head", async ({
  page,
  request,
}) => {
  const version = await saveDraft(request, 'about', (data) => {
    data.sections[0].paragraphs[0] =
      'We build **fast** sites. <script>window.injected = true</script>\n\n- one [link](/packages)\n- two';
    data.seo = { title: 'Who we are, in short', description: 'An agency of engineers in London and Kathmandu.' };
  });
  await publish(request, 'about', version);
  // The served HTML, as a crawler or a share preview reads it, within a second of the publish.
  const head = async () => {
    const html = await (await request.get('/about')).text();
    return html.slice(0, html.indexOf('</head>'));
  };
  await expect.poll(head, { timeout: 1000, intervals: [50] }).toContain('Who we are, in short');
  const served = await head();
  for (const tag of [
    '<title>Who we are, in short | ',
    '<meta name="description" content="An agency of engineers in London and Kathmandu."',
    '<meta property="og:title" content="Who we are, in short | ',
    '<meta property="og:description" content="An agency of engineers in London and Kathmandu."',
    '<meta name="twitter:title" content="Who we are, in short | ',
    '<meta name="twitter:description" content="An agency of engineers in London and Kathmandu."',
  ]) {
    expect(served).toContain(tag);
  }

  await page.goto('/about');
  const section = page.locator('main section').nth(1);
  await expect(section.locator('strong')).toHaveText('fast');
  await expect(section.locator('ul').first().getByRole('listitem')).toHaveText(['one link', 'two']);
  await expect(section.getByRole('link', { name: 'link' })).toHaveAttribute('href', '/packages');
  await expect(section).not.toContainText('**');
  expect(await page.evaluate(() => (window as { injected?: boolean }).injected)).toBeUndefined();
});
