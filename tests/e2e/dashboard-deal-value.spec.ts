// The dashboard's deal values (issue 22): a quote given a deal value and moved to `proposal` is in the open
// pipeline's figures, per currency, as GET /api/admin/stats gives them; at phone width nothing scrolls sideways.
import { expectNoAxeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { findLead, loginAdmin, loginThroughUi, solvedAltcha } from './support.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** An amount as the admin shows it (components/admin-leads/lead-deal-value.tsx `money`). */
const money = (amount: number, currency: string) =>
  amount.toLocaleString('en-GB', { style: 'currency', currency, maximumFractionDigits: 2 });

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

test('a quote’s deal value shows in the open pipeline on the dashboard, at phone width too', async ({
  page,
  request,
}) => {
  const { accessToken } = await loginAdmin(request);
  const auth = { authorization: `Bearer ${accessToken}` };
  const email = `deal-${unique()}@example.test`;
  const sent = await request.post('/api/request-quote', {
    multipart: {
      fullName: 'Dee Value',
      email,
      phone: '07700900123',
      companyName: 'Pipeline Ltd',
      size: 'Small (1-4)',
      contactMethod: 'Email',
      services: 'Website Development',
      description: 'A new website.',
      budget: '£1,500 - £5,000',
      deadline: '2030-01-31',
      source: 'Referral',
      region: 'uk',
      currency: 'GBP',
      altcha: await solvedAltcha(request),
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id } = await findLead(request, 'quotes', email);
  const patch = await request.patch(`/api/admin/quotes/${String(id)}`, {
    headers: auth,
    data: { dealValue: 4321.5, status: 'proposal' },
  });
  expect(patch.status(), await patch.text()).toBe(200);
  const stats = (await (await request.get('/api/admin/stats', { headers: auth })).json()) as {
    dealValue: { open: { status: string; currency: string | null; total: number }[] };
  };
  const proposal = stats.dealValue.open.find((entry) => entry.status === 'proposal' && entry.currency === 'GBP');
  expect(proposal?.total).toBeGreaterThanOrEqual(4321.5);

  await page.setViewportSize({ width: 390, height: 844 });
  await loginThroughUi(page);
  const card = page.getByRole('region', { name: 'Deal value' });
  await expect(card).toBeVisible();
  const row = card.locator('dl > div').filter({ has: page.getByRole('link', { name: 'Proposal' }) });
  await expect(row.getByRole('definition')).toContainText(money(proposal!.total, 'GBP'));
  await expect(card.getByRole('link', { name: 'Proposal' })).toHaveAttribute('href', /\/admin\/leads\?kind=quotes/);
  await expect(card).toContainText('This month');
  await expect(card).toContainText('Last month');
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  await expectNoAxeViolations(page);
});
