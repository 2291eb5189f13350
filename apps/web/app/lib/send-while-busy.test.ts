// A public form answered 503 with Retry-After (the site's writes off for a move) keeps saying it is sending and
// sends again when asked to, through the real API client against a stubbed fetch: sent once taken, the same body.
import { MESSAGES, STILL_SENDING } from '@agency/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentToasts } from '~/state/toasts';
import { apiJson } from './api';
import { ApiRequestError } from './api-error';
import { sendWhileBusy } from './send-while-busy';

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
const writesOff = () => json(503, { error: MESSAGES.http.writesOff }, { 'retry-after': '5' });

let bodies: unknown[];
function answer(...responses: (() => Response)[]) {
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return (responses.shift() ?? (() => json(201, { id: 'lead-1' })))();
    }),
  );
}

const stillSending = () =>
  currentToasts().filter((item) => item.message === MESSAGES.http.stillSending && !item.leaving);
const post = () => apiJson<{ id: string }>('/contact', { method: 'POST', body: { name: 'Maya', email: 'm@x.test' } });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('sendWhileBusy', () => {
  it('says it is still sending while the site answers 503 with Retry-After, then sends the same body once more', async () => {
    answer(writesOff, writesOff);
    const sent = sendWhileBusy(post, 'contact');
    await vi.advanceTimersByTimeAsync(0);
    expect(bodies).toHaveLength(1);
    expect(stillSending()).toHaveLength(1);
    // Not before the Retry-After.
    await vi.advanceTimersByTimeAsync(4_900);
    expect(bodies).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(bodies).toHaveLength(2);
    // One toast for the whole wait, not one per answer.
    expect(stillSending()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    await expect(sent).resolves.toEqual({ id: 'lead-1' });
    expect(bodies).toHaveLength(3);
    expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
    // The form's own answer follows.
    expect(stillSending()).toHaveLength(0);
  });

  it('answers at once what is not a 503 with Retry-After: a 503 without one, a 400', async () => {
    answer(() => json(503, { error: MESSAGES.http.unavailable }));
    await expect(sendWhileBusy(post, 'contact')).rejects.toMatchObject({ status: 503, retryAfterSeconds: null });
    answer(() => json(400, { error: 'Email is not valid', fields: { email: 'Email is not valid' } }));
    await expect(sendWhileBusy(post, 'contact')).rejects.toMatchObject({ status: 400 });
    expect(bodies).toHaveLength(1);
    expect(stillSending()).toHaveLength(0);
  });

  it('gives up after STILL_SENDING.giveUpMs with the server’s answer', async () => {
    answer(...Array.from({ length: 1000 }, () => writesOff));
    const sent = sendWhileBusy(post, 'contact').catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(STILL_SENDING.giveUpMs + 10_000);
    const error = await sent;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).body?.error).toBe(MESSAGES.http.writesOff);
    // At 0 s, then every 5 s up to the limit.
    expect(bodies).toHaveLength(STILL_SENDING.giveUpMs / 5_000 + 1);
    expect(stillSending()).toHaveLength(0);
  });
});
