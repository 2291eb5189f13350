// Issue 32 point 7: who may call which staff route. Every route under /api/admin and /api/users, and every other
// route with a guard of its own (the posts', jobs' and uploads' writes), is collected as the app registers it, so
// a new route is in the matrix without a line here; each is called by an admin, an editor and a sales account,
// and answers 403 exactly to the roles its area is not for (a route no area claims fails the test).
import { MESSAGES, type Role, ROLE_ACCESS } from '@agency/contract';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { type Account, createAccount } from '../../../test/auth-fixtures.ts';

type Staff = Exclude<Role, 'pending'>;
const STAFF: readonly Staff[] = ['admin', 'editor', 'sales'];

/** Who each route is for, by `METHOD path`; the first match wins. */
const AREAS: [area: RegExp, roles: readonly Role[]][] = [
  // A backup's download link: its token, given after the admin's password, is what lets its holder in.
  [/^GET \/api\/admin\/backups\/links\/:token$/, STAFF],
  // Erasing a lead is a privacy tool.
  [/^DELETE \/api\/admin\/:kind\/:id$/, ROLE_ACCESS.admin],
  [/^\w+ \/api\/admin\/(content|media)(\/|$)/, ROLE_ACCESS.content],
  [/^\w+ \/api\/admin\/(audit|backups|privacy|consents)(\/|$)/, ROLE_ACCESS.admin],
  [/^\w+ \/api\/users(\/|$)/, ROLE_ACCESS.admin],
  [/^\w+ \/api\/(blogs|jobs|uploads)(\/|$)/, ROLE_ACCESS.content],
  // Leads, people, follow-ups, replies, templates, owners, the board, the dashboard's figures.
  [/^\w+ \/api\/admin\//, ROLE_ACCESS.leads],
];

/** Routes whose only effect is an action (no input to refuse): an allowed caller is not sent, to keep it untaken. */
const ACTION_ONLY = new Set(['POST /api/admin/backups', 'POST /api/admin/backups/final']);

const routes: { method: string; url: string }[] = [];
let t: TestApp;
let accounts: Record<Staff, Account>;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      onRoute: (route: RouteOptions) => {
        const guarded = route.url.startsWith('/api/admin/') || /^\/api\/users(\/|$)/.test(route.url);
        // Outside those areas, a route with its own onRequest guard (the public reads have none; the public form
        // /api/jobs/apply has its rate limit there, not a role).
        const ownGuard =
          /^\/api\/(blogs|jobs|uploads)(\/|$)/.test(route.url) &&
          route.onRequest !== undefined &&
          route.url !== '/api/jobs/apply';
        if (!guarded && !ownGuard) return;
        for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
      },
    },
  );
  accounts = {
    admin: await createAccount(t.app, 'admin'),
    editor: await createAccount(t.app, 'editor'),
    sales: await createAccount(t.app, 'sales'),
  };
});
afterAll(() => t.close());

/** The route's path with its parameters filled in (an id nobody has, so nothing is changed). */
const concrete = (url: string) =>
  url
    .replace(':kind', 'quotes')
    .replace(/:[A-Za-z]*[iI]d\b/g, '00000000-0000-4000-8000-000000000000')
    .replace(/:[A-Za-z]+/g, 'x')
    .replace('*', 'x');

describe('the roles matrix over every staff route (admin, editor, sales)', () => {
  it('answers 403 to the roles a route is not for, and lets the others past the role check', async () => {
    expect(routes.length).toBeGreaterThan(40);
    const unclaimed = routes.filter(({ method, url }) => !AREAS.some(([area]) => area.test(`${method} ${url}`)));
    expect(unclaimed, 'routes no area claims').toEqual([]);
    const wrong: string[] = [];
    for (const { method, url } of routes) {
      const key = `${method} ${url}`;
      const allowed = AREAS.find(([area]) => area.test(key))?.[1] ?? [];
      for (const role of STAFF) {
        const may = allowed.includes(role);
        if (may && ACTION_ONLY.has(key)) continue;
        const res = await t.app.inject({
          method: method as 'GET',
          url: concrete(url),
          headers: { authorization: `Bearer ${accounts[role].accessToken}` },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const refused = res.statusCode === 403 && res.json<{ error: string }>().error === MESSAGES.http.forbidden;
        if (refused === may || res.statusCode === 401) wrong.push(`${key} as ${role}: ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('covers the sales desk: the dashboard, leads, people, follow-ups, templates and the board, but not the site', () => {
    const keys = routes.map(({ method, url }) => `${method} ${url}`);
    for (const key of [
      'GET /api/admin/stats',
      'GET /api/admin/leads',
      'GET /api/admin/people',
      'GET /api/admin/follow-ups',
      'GET /api/admin/reply-templates',
      'POST /api/admin/:kind/:id/reply',
      'GET /api/admin/board',
      'GET /api/admin/owners',
      'GET /api/admin/leads/export.csv',
      'GET /api/admin/audit',
      'GET /api/users',
      'POST /api/admin/backups',
      'PUT /api/admin/content/:key/draft',
    ]) {
      expect(keys).toContain(key);
    }
  });
});
