// GET /metrics: Prometheus text with the token, 401 with a wrong one, 404 when METRICS_TOKEN is not set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { CONTACT } from '../../test/lead-fixtures.ts';

const TOKEN = 'metrics-token-0123456789abcdef';

describe('GET /metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, LEADS_TO: 'agency@example.com' });
  });
  afterAll(() => t.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('answers 401 without the token or with another one', async () => {
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await scrape(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.json().error).toMatch(/METRICS_TOKEN/);
      expect(res.body).not.toContain('agency_');
    }
  });

  it('answers the metrics in Prometheus text format with the token', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: CONTACT })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(
      /^agency_http_request_duration_seconds_count\{method="POST",route="\/api\/contact",status_code="201"\} 1$/m,
    );
    expect(text).toMatch(/^agency_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/health"/m);
    expect(text).toMatch(/^agency_leads\{kind="contacts",status="new"\} 1$/m);
    // The notification and the visitor's confirmation wait: no SMTP server in this test.
    expect(text).toMatch(/^agency_outbox_pending_messages 2$/m);
    expect(text).toMatch(/^agency_outbox_failing_messages 0$/m);
    expect(text).toMatch(/^agency_outbox_oldest_pending_age_seconds \d/m);
    expect(text).toMatch(/^agency_public_cache_hits_total \d+$/m);
    expect(text).toMatch(/^agency_public_cache_misses_total \d+$/m);
    expect(text).toMatch(/^# TYPE agency_backup_last_verified_age_seconds gauge$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^process_cpu_seconds_total \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 404, as for any unknown path, whatever the header', async () => {
    for (const headers of [{}, { authorization: 'Bearer anything-at-all-123' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('agency_');
    }
  });
});
