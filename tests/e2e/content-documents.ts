// Content documents (issue 23) through the admin API, for the specs that change the site's texts: open one, save a
// draft, publish it, and put back what a spec changed, so the specs that follow see the installation's texts.
import { type APIRequestContext, expect } from '@playwright/test';
import { loginAdmin } from './support.ts';

export type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const contentUrl = (key: string) => `/api/admin/content/${encodeURIComponent(key)}`;

/** An administrator's Authorization header. */
export const adminAuth = async (request: APIRequestContext) => ({
  authorization: `Bearer ${(await loginAdmin(request)).accessToken}`,
});

/** GET /api/admin/content/{key}: version, published, draft… */
export async function openContent(request: APIRequestContext, auth: Record<string, string>, key: string) {
  const response = await request.get(contentUrl(key), { headers: auth });
  expect(response.status()).toBe(200);
  return (await response.json()) as Json;
}

/** Saves `change` of the document (its draft, else its published version) as its draft; answers the new version. */
export async function saveContentDraft(
  request: APIRequestContext,
  auth: Record<string, string>,
  key: string,
  change: (data: Json) => void,
): Promise<number> {
  const document = await openContent(request, auth, key);
  const data = structuredClone(document.draft ?? document.published);
  change(data);
  const saved = await request.put(`${contentUrl(key)}/draft`, {
    headers: auth,
    data: { version: document.version, data },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return (await saved.json()).version;
}

export async function publishContent(
  request: APIRequestContext,
  auth: Record<string, string>,
  key: string,
  version: number,
) {
  const published = await request.post(`${contentUrl(key)}/publish`, { headers: auth, data: { version } });
  expect(published.status(), await published.text()).toBe(200);
}

/**
 * Notes the published version of each document in `keys`; `restore` publishes those texts again (dropping any
 * draft), for a spec's afterAll.
 */
export async function keepContent(request: APIRequestContext, keys: readonly string[]) {
  const auth = await adminAuth(request);
  const originals = new Map<string, Json>();
  for (const key of keys) originals.set(key, (await openContent(request, auth, key)).published);
  return {
    restore: async (after: APIRequestContext) => {
      const headers = await adminAuth(after);
      for (const [key, data] of originals) {
        const version = await saveContentDraft(after, headers, key, (draft) => {
          for (const name of Object.keys(draft)) delete draft[name];
          Object.assign(draft, structuredClone(data));
        });
        await publishContent(after, headers, key, version);
      }
    },
  };
}
