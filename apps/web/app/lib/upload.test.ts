// uploadForm against a scripted XMLHttpRequest: progress, the answer, and how failures are told apart.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api';
import { uploadForm } from './upload';

type Script = (xhr: FakeXhr) => void;

class FakeXhr {
  static script: Script = () => {};
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  withCredentials = false;
  status = 0;
  responseText = '';
  body: unknown = null;
  headers: Record<string, string> = {};
  private listeners = new Map<string, ((event?: unknown) => void)[]>();
  private uploadListeners = new Map<string, ((event: unknown) => void)[]>();
  upload = {
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      this.uploadListeners.set(type, [...(this.uploadListeners.get(type) ?? []), listener]),
  };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: (event?: unknown) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
    FakeXhr.script(this);
  }
  progress(loaded: number, total: number) {
    this.uploadListeners.get('progress')?.forEach((listener) => listener({ lengthComputable: true, loaded, total }));
  }
  responseHeaders: Record<string, string> = {};
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  answer(status: number, body: string, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseText = body;
    this.responseHeaders = headers;
    this.listeners.get('load')?.forEach((listener) => listener());
  }
  fail() {
    this.listeners.get('error')?.forEach((listener) => listener());
  }
}

function withXhr(script: Script) {
  FakeXhr.script = script;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}

afterEach(() => vi.unstubAllGlobals());

describe('uploadForm', () => {
  it('posts the body to /api, reports progress and resolves to the JSON answer', async () => {
    withXhr((xhr) => {
      xhr.progress(50, 200);
      xhr.progress(200, 200);
      xhr.answer(201, '{"id":"abc"}');
    });
    const body = new FormData();
    body.append('name', 'Maya');
    const seen: number[] = [];
    const result = await uploadForm<{ id: string }>('/jobs/apply', body, {
      onProgress: (f) => seen.push(f),
      withCredentials: true,
    });
    expect(result).toEqual({ id: 'abc' });
    expect(FakeXhr.last).toMatchObject({ method: 'POST', url: '/api/jobs/apply', withCredentials: true, body });
    expect(seen).toEqual([0.25, 1, 1]);
  });

  it("rejects with the server's status and { error, fields }", async () => {
    withXhr((xhr) =>
      xhr.answer(
        413,
        '{"error":"File size should be less than 5MB","fields":{"resume":"File size should be less than 5MB"}}',
      ),
    );
    const error = await uploadForm('/jobs/apply', new FormData()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 413,
      body: { error: 'File size should be less than 5MB', fields: { resume: 'File size should be less than 5MB' } },
    });
  });

  it('rejects with no body when the answer is not an error object', async () => {
    withXhr((xhr) => xhr.answer(502, '<html>Bad gateway</html>'));
    await expect(uploadForm('/request-quote', new FormData())).rejects.toMatchObject({ status: 502, body: null });
  });

  it('rejects with the answer’s Retry-After (a 503 while the site’s writes are off)', async () => {
    withXhr((xhr) => xhr.answer(503, '{"error":"moving"}', { 'retry-after': '5' }));
    await expect(uploadForm('/request-quote', new FormData())).rejects.toMatchObject({
      status: 503,
      retryAfterSeconds: 5,
    });
  });

  it('rejects with status 0 when no answer arrives', async () => {
    withXhr((xhr) => xhr.fail());
    await expect(uploadForm('/request-quote', new FormData())).rejects.toMatchObject({ status: 0, body: null });
  });
});
