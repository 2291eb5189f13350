// Issue 22 item 5: GET /api/admin/stats gives quotes' deal values: the open pipeline's by status and currency, and
// the won ones of this month and last (months in TIME_ZONE; a quote is won when it was moved to `won`).
import { and, eq, schema } from '@agency/db';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callers } from '../../../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { MODAL_QUOTE, multipart } from '../../../test/lead-fixtures.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ TIME_ZONE: 'Europe/London' });
  headers = (await callers(t.app)).headers.admin;
});
afterAll(() => t.close());

let counter = 0;
/** A quote sent through the public form, then given a deal value and a status by staff. */
async function quote(extra: Record<string, string>, dealValue: number | null, status: string): Promise<string> {
  counter += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/request-quote',
    ...(await multipart({ ...MODAL_QUOTE, email: `deal-${counter}@example.com`, ...extra })),
  });
  expect(res.statusCode).toBe(201);
  const { id } = res.json<{ id: string }>();
  const patch = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/quotes/${id}`,
    headers,
    payload: { dealValue, ...(status === 'new' ? {} : { status }) },
  });
  expect(patch.statusCode).toBe(200);
  return id;
}
const GBP = { region: 'uk', currency: 'GBP', budget: '£1,500 - £5,000' };
const NPR = { region: 'nepal', currency: 'NPR', budget: 'Under NPR 50,000' };

/** Moves the time the quote was marked won (its status_changed event) to the 15th of a month `back` months ago. */
async function wonMonthsAgo(id: string, back: number) {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 15, 12));
  await t.app.db
    .update(schema.leadEvents)
    .set({ createdAt: at })
    .where(
      and(
        eq(schema.leadEvents.leadKind, 'quotes'),
        eq(schema.leadEvents.leadId, id),
        eq(schema.leadEvents.type, 'status_changed'),
      ),
    );
}

it('sums open deal values by status and currency, and won ones this month and last, per currency', async () => {
  const empty = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers });
  expect(empty.json().dealValue).toEqual({ open: [], wonThisMonth: [], wonLastMonth: [] });

  await quote(GBP, 1000, 'new');
  await quote(GBP, 250.5, 'new');
  await quote(GBP, 4000, 'proposal');
  await quote(NPR, 90000, 'proposal');
  await quote({}, 300, 'contacted'); // the quote modal: its budget's currency
  await quote(GBP, null, 'qualified'); // no deal value: not counted
  await quote(GBP, 7000, 'lost'); // closed: not in the pipeline
  await quote(GBP, 5000, 'spam');
  await quote(GBP, 2000, 'won');
  await quote(NPR, 150000, 'won');
  await wonMonthsAgo(await quote(GBP, 800, 'won'), 1);
  await wonMonthsAgo(await quote(GBP, 99999, 'won'), 2); // before last month: in neither

  const res = await t.app.inject({ method: 'GET', url: '/api/admin/stats', headers });
  expect(res.statusCode).toBe(200);
  const { dealValue } = res.json();
  expect(dealValue.open).toEqual([
    { status: 'contacted', currency: 'GBP', total: 300, count: 1 },
    { status: 'new', currency: 'GBP', total: 1250.5, count: 2 },
    { status: 'proposal', currency: 'GBP', total: 4000, count: 1 },
    { status: 'proposal', currency: 'NPR', total: 90000, count: 1 },
  ]);
  expect(dealValue.wonThisMonth).toEqual([
    { currency: 'GBP', total: 2000, count: 1 },
    { currency: 'NPR', total: 150000, count: 1 },
  ]);
  expect(dealValue.wonLastMonth).toEqual([{ currency: 'GBP', total: 800, count: 1 }]);
});
