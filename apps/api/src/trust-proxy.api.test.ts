// Behind a load balancer the client is the first untrusted address from the right of X-Forwarded-For:
// an entry the client writes itself (the leftmost) cannot buy it a fresh rate limit or login allowance.
import { MESSAGES } from '@agency/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT } from '../test/lead-fixtures.ts';
import { createTestApp, type TestApp } from '../test/app.ts';

const LOAD_BALANCER = '10.1.2.3';

describe.each([
  ['1', 'one proxy in front'],
  ['10.0.0.0/8', 'the proxy range'],
])('TRUST_PROXY=%s (%s)', (trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: trustProxy,
      RATE_LIMIT_MAX: '2',
      LOGIN_MAX_FAILURES: '2',
    });
  });
  afterAll(() => t.close());

  /** What the load balancer forwards: whatever the client sent, then the address it saw. */
  const viaProxy = (clientSent: string | null, client: string) => ({
    remoteAddress: LOAD_BALANCER,
    headers: { 'x-forwarded-for': clientSent ? `${clientSent}, ${client}` : client },
  });

  it('a rotated leftmost X-Forwarded-For does not bypass the form rate limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: CONTACT,
        ...viaProxy(`198.51.100.${i}`, '203.0.113.50'),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([201, 201, 429, 429]);
    // Another real client behind the same load balancer is counted on its own.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: CONTACT,
      ...viaProxy(null, '203.0.113.51'),
    });
    expect(other.statusCode).toBe(201);
  });

  it('a rotated leftmost X-Forwarded-For does not bypass the login throttle', async () => {
    const login = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'someone@example.com', password: `guess ${i}` },
        ...viaProxy(`198.51.100.${i}`, '203.0.113.60'),
      });
    expect((await login(1)).statusCode).toBe(401);
    expect((await login(2)).statusCode).toBe(401);
    const third = await login(3);
    expect(third.statusCode).toBe(429);
    expect(third.json().error).toBe(MESSAGES.auth.tooManyAttempts);
  });
});

describe('TRUST_PROXY=10.0.0.0/8', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.0.0.0/8', RATE_LIMIT_MAX: '1' });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For from a client that is not one of the proxies', async () => {
    const post = (forwarded: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/contact',
        payload: CONTACT,
        remoteAddress: '203.0.113.70',
        headers: { 'x-forwarded-for': forwarded },
      });
    expect((await post('198.51.100.1')).statusCode).toBe(201);
    expect((await post('198.51.100.2')).statusCode).toBe(429);
  });
});
