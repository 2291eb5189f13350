// A scheduled post as the admin and search engines meet it (issue 12, item 2): the admin card shows when
// it goes out, and /sitemap.xml lists it from that moment, not a second before.
import { expect, test } from './fixtures.ts';
import { loginAdmin } from './support.ts';

// The card shows the time in the browser's zone: London, where 4 March is on GMT.
test.use({ timezoneId: 'Europe/London' });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

test('the admin card of a scheduled post shows its date and time', async ({ page, request }) => {
  const { accessToken } = await loginAdmin(request);
  const title = `Spring roadmap ${unique()}`;
  const created = await request.post('/api/blogs', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { title, content: 'Coming soon.', status: 'scheduled', publishedAt: '2031-03-04T09:30:00.000Z' },
  });
  expect(created.status()).toBe(201);

  await loginAdmin(page.request);
  await page.goto('/admin/blog');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Edit “${title}”` }) });
  await expect(card).toContainText('scheduled');
  await expect(card).toContainText('4 Mar 2031');
  await expect(card).toContainText('09:30');
});

test('a scheduled post enters /sitemap.xml when due, not before', async ({ request }) => {
  const { accessToken } = await loginAdmin(request);
  const due = Date.now() + 2000;
  const created = await request.post('/api/blogs', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      title: `Due soon ${unique()}`,
      content: 'Body',
      status: 'scheduled',
      publishedAt: new Date(due).toISOString(),
    },
  });
  expect(created.status()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };
  const listed = async () => (await (await request.get('/sitemap.xml')).text()).includes(`/blog/${slug}</loc>`);

  // Before the due time it is out; it comes in once due, and not before: the check that finds it runs after then.
  const early = await listed();
  expect(Date.now(), 'the early check ran before the due time').toBeLessThan(due);
  expect(early).toBe(false);
  await expect.poll(listed, { timeout: 15_000, intervals: [100] }).toBe(true);
  expect(Date.now(), 'listed only once due').toBeGreaterThanOrEqual(due);
});
