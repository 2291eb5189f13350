// The inbox filters applications by the job posting they were sent for (issue 12): two postings, an
// application to each through the public API, and the "Job posting" filter shows only the chosen one's,
// keeps it in the address across a reload, and combines with the search.
import type { APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { createOpening, loginAdmin, loginThroughUi, solvedAltcha } from './support.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

/** An application to `jobId` as the public form sends it (multipart, with a CV and a solved challenge). */
async function apply(request: APIRequestContext, jobId: string, name: string, email: string) {
  const response = await request.post('/api/jobs/apply', {
    multipart: {
      name,
      contact: '9800000000',
      email,
      town: 'Lalitpur',
      country: 'Nepal',
      position: '',
      salary: '60000',
      currency: 'GBP',
      info: 'Happy to talk.',
      jobId,
      altcha: await solvedAltcha(request),
      resume: { name: 'cv.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

test('the inbox shows the applications of the chosen job posting only, with the search, after a reload', async ({
  page,
  request,
}) => {
  const { accessToken } = await loginAdmin(request);
  const headers = { authorization: `Bearer ${accessToken}` };
  const id = unique();
  const cloud = await createOpening(request, accessToken, { title: `Cloud Architect ${id}` });
  const network = await createOpening(request, accessToken, { title: `Network Engineer ${id}` });
  const cloudApplicant = { name: `Asha Cloud ${id}`, email: `cloud-${id}@example.test` };
  const networkApplicant = { name: `Bikash Network ${id}`, email: `network-${id}@example.test` };
  await apply(request, cloud.id, cloudApplicant.name, cloudApplicant.email);
  await apply(request, network.id, networkApplicant.name, networkApplicant.email);

  try {
    await loginThroughUi(page);
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Leads' }).click();
    // Only applications have a posting to filter by.
    await expect(page.getByRole('combobox', { name: 'Owner' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Job posting' })).toHaveCount(0);
    await page.getByRole('navigation', { name: 'Lead kinds' }).getByRole('link', { name: 'Job applications' }).click();

    const filter = page.getByRole('combobox', { name: 'Job posting' });
    await expect(filter).toHaveValue('');
    await expect(filter.getByRole('option', { name: 'All postings' })).toHaveCount(1);
    await expect(page.getByRole('link', { name: cloudApplicant.name })).toBeVisible();
    await expect(page.getByRole('link', { name: networkApplicant.name })).toBeVisible();

    await filter.selectOption({ label: network.title });
    await expect(page).toHaveURL(new RegExp(`[?&]job=${network.id}(&|$)`));
    await expect(page.getByRole('link', { name: networkApplicant.name })).toBeVisible();
    await expect(page.getByRole('link', { name: cloudApplicant.name })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Job applications pages' })).toContainText('(1 in all)');
    await expectNoAxeViolations(page);

    // Survives a reload: the address holds it.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Job posting' })).toHaveValue(network.id);
    await expect(page.getByRole('link', { name: networkApplicant.name })).toBeVisible();
    await expect(page.getByRole('link', { name: cloudApplicant.name })).toHaveCount(0);

    // Combines with the search: the other posting's applicant is not found under this posting.
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill(cloudApplicant.email);
    await search.press('Enter');
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page).toHaveURL(new RegExp(`[?&]job=${network.id}(&|$)`));
    await expect(page.getByText('No job applications found.')).toBeVisible();
    await page.getByRole('combobox', { name: 'Job posting' }).selectOption({ label: cloud.title });
    await expect(page.getByRole('link', { name: cloudApplicant.name })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Job applications pages' })).toContainText('(1 in all)');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(cloudApplicant.email);

    // And with the status: the application is new, so "Reviewing" shows none of it.
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Reviewing' });
    await expect(page.getByText('No job applications found.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Job posting' })).toHaveValue(cloud.id);

    // "All postings" lifts the filter again.
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'All but spam' });
    await page.getByRole('searchbox', { name: 'Search' }).fill(id);
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await page.getByRole('combobox', { name: 'Job posting' }).selectOption({ label: 'All postings' });
    await expect(page).not.toHaveURL(/[?&]job=/);
    await expect(page.getByRole('link', { name: cloudApplicant.name })).toBeVisible();
    await expect(page.getByRole('link', { name: networkApplicant.name })).toBeVisible();
  } finally {
    for (const posting of [cloud, network]) await request.delete(`/api/jobs/${posting.id}`, { headers });
  }
});
