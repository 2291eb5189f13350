// Site content published without a build (issue 23): a package price and an office phone changed through the
// content API reach the public pages, their JSON-LD and the sitemap at once, a draft never does, and a preview
// link shows the draft to its holder only, marked noindex. The documents are put back afterwards.
import { type APIRequestContext, expect, test } from '@playwright/test';
import { loginAdmin } from './support';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let auth: Record<string, string>;
const originals = new Map<string, string>();

async function open(request: APIRequestContext, key: string): Promise<Json> {
  const response = await request.get(`/api/admin/content/${encodeURIComponent(key)}`, { headers: auth });
  expect(response.status()).toBe(200);
  return response.json();
}

/** Saves `change` of the document as its draft; answers the new version. */
async function saveDraft(request: APIRequestContext, key: string, change: (data: Json) => void): Promise<number> {
  const document = await open(request, key);
  const data = structuredClone(document.draft ?? document.published);
  change(data);
  const saved = await request.put(`/api/admin/content/${encodeURIComponent(key)}/draft`, {
    headers: auth,
    data: { version: document.version, data },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return (await saved.json()).version;
}

async function publish(request: APIRequestContext, key: string, version: number) {
  const published = await request.post(`/api/admin/content/${encodeURIComponent(key)}/publish`, {
    headers: auth,
    data: { version },
  });
  expect(published.status(), await published.text()).toBe(200);
}

const jsonLdOf = async (request: APIRequestContext, path: string) => {
  const html = await (await request.get(path)).text();
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => m[1] ?? '').join('\n');
};

test.beforeAll(async ({ request }) => {
  auth = { authorization: `Bearer ${(await loginAdmin(request)).accessToken}` };
  for (const key of ['packages', 'site']) originals.set(key, JSON.stringify((await open(request, key)).published));
});

test.afterAll(async ({ request }) => {
  // Put the installation's texts back for the specs that follow (a draft is dropped by the publish).
  for (const [key, published] of originals) {
    const version = await saveDraft(request, key, (data) => {
      for (const name of Object.keys(data)) delete data[name];
      Object.assign(data, JSON.parse(published));
    });
    await publish(request, key, version);
  }
});

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
