// An editor's day with the blog (issue 12): a failed save keeps the drawer, a post is scheduled,
// previewed without signing in, published, found by tag and search, renamed (the old address answers
// 301) and restored from its history.
import { MESSAGES } from '@agency/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './axe.ts';
import {
  AFTER_MOVE_MS,
  afterAutosave,
  afterAutosaveShows,
  afterAutosaveVisible,
  savedExactlyAfterDelay,
  skipToNextHeartbeat,
} from './clock.ts';
import { expect, test } from './fixtures.ts';
import { editorAccount, gotoHydrated, loginAdmin } from './support.ts';

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const pad = (n: number) => String(n).padStart(2, '0');
/** A datetime-local value; the browser and this process share the machine's time zone. */
const localInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
});

/** Chromium logs the answer of a request that fails on purpose (a 400, a 404) as a console error; that one is expected. */
function forgiveStatus(consoleErrors: string[], status: number) {
  for (let index = consoleErrors.length - 1; index >= 0; index -= 1) {
    if (consoleErrors[index]?.includes(`status of ${status} `)) consoleErrors.splice(index, 1);
  }
}

/** The toasts on screen (drawn by a file fetched with the first one). */
const toasts = (page: Page) => page.getByRole('region', { name: 'Notifications' }).getByRole('listitem').first();

/** The admin API's view of the posts, drafts included: every post, those with a title, and the admin's headers. */
async function adminPosts(request: APIRequestContext) {
  const { accessToken } = await loginAdmin(request);
  const headers = { authorization: `Bearer ${accessToken}` };
  const all = async () =>
    (await (await request.get('/api/blogs?status=all', { headers })).json()) as { _id: string; title: string }[];
  const titled = async (title: string) => (await all()).filter((post) => post.title === title);
  return { headers, all, titled };
}

/** Signed in through the API in the page's own context (the session cookie is the browser's; the login page is
 * admin.spec.ts's), on Manage Blogs. */
async function login(page: Page) {
  await loginAdmin(page.request);
  // Hydrated before the first click: "Create Blog" is drawn by React (it is not in the server's HTML), and a click on
  // it as it appeared opened nothing once under load (decision 0038, round 40; the cause is not known).
  await gotoHydrated(page, '/admin/blog');
  await expect(page.getByRole('button', { name: 'Create Blog' })).toBeVisible();
}

test('an editor schedules, previews, publishes, renames and restores a post', async ({
  page,
  request,
  browser,
  consoleErrors,
}) => {
  // A long day's work, the drawer drawing the post's page beside the form, on a shared machine.
  test.setTimeout(60_000);
  await loginAdmin(request);
  await login(page);
  const id = unique();
  const title = `Zero trust at the branch ${id}`;
  const content = `## Why\n\nEvery device proves who it is, every time ${id}.`;

  // A failed save keeps the drawer open, the text, and the server's message next to the field.
  await page.getByRole('button', { name: 'Create Blog' }).click();
  const drawer = page.getByRole('dialog', { name: 'Create Blog' });
  await drawer.getByLabel('Content').fill(content);
  await drawer.getByLabel('Tags').fill(`Zero Trust ${id}, security`);
  await drawer.getByRole('button', { name: 'Create Blog' }).click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByLabel('Title')).toHaveAccessibleDescription('Title is required');
  await expect(drawer.getByLabel('Title')).toBeFocused();
  await expect(drawer.getByLabel('Content')).toHaveValue(content);
  // The refusal's toast is on screen (its file fetched), so the check sees it once it has faded in.
  await expect(toasts(page)).toBeVisible();
  await expectNoAxeViolations(page);

  // Scheduled for an hour from now (a new post starts as a draft: publishing is switched on first).
  await drawer.getByLabel('Title').fill(title);
  await drawer.getByRole('switch', { name: 'Published' }).check();
  await drawer.getByLabel('Publish at').fill(localInput(new Date(Date.now() + 60 * 60 * 1000)));
  await expect(drawer.getByText('(scheduled)')).toBeVisible();
  await drawer.getByRole('button', { name: 'Create Blog' }).click();
  await expect(drawer).toBeHidden();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Edit “${title}”` }) });
  await expect(card).toContainText('scheduled');
  await expect(card).toContainText(`Why Every device proves who it is`);
  await expect(card).not.toContainText('##');

  const slug = `zero-trust-at-the-branch-${id}`;
  expect((await request.get(`/blog/${slug}`)).status()).toBe(404);
  expect(await (await request.get('/blog')).text()).not.toContain(title);

  // The preview link works without signing in, is marked noindex and never cached.
  await card.getByRole('button', { name: `Preview “${title}”` }).click();
  const link = card.getByRole('link', { name: `Preview link for “${title}”` });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/blog\/preview\//);
  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  const previewed = await reader.goto(href!);
  expect(previewed?.status()).toBe(200);
  expect(previewed?.headers()['x-robots-tag']).toBe('noindex, nofollow');
  expect(previewed?.headers()['cache-control']).toBe('private, no-store');
  await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(reader.getByRole('note')).toContainText('scheduled');
  await expect(reader.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  expect((await reader.goto(`${href!}x`))?.status()).toBe(404);
  await visitor.close();

  // Published now: the time is cleared.
  await page.getByRole('button', { name: `Edit “${title}”` }).click();
  let editor = page.getByRole('dialog', { name: 'Edit Blog' });
  await editor.getByLabel('Publish at').fill('');
  await editor.getByRole('button', { name: 'Update Blog' }).click();
  await expect(editor).toBeHidden();
  await expect(card).toContainText('published');
  const live = await request.get(`/blog/${slug}`);
  expect(live.status()).toBe(200);

  // Its tag page and the search find it, server-rendered.
  await page.goto(`/blog?tag=zero%20trust%20${id}`);
  await expect(page).toHaveTitle(new RegExp(`^Posts tagged “zero trust ${id}” \\|`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/blog\\?tag=zero%20trust%20${id}$`),
  );
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByTestId('blog-card')).toHaveCount(1);
  await page.goto('/blog');
  await page.getByRole('searchbox', { name: 'Search the blog' }).fill(`proves ${id}`);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/blog\?q=proves/);
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
  await expect(page.getByTestId('blog-card')).toHaveCount(1);

  // Renamed: the old address answers 301 to the new one.
  await page.goto('/admin/blog');
  const renamed = `Zero trust for every office ${id}`;
  await page.getByRole('button', { name: `Edit “${title}”` }).click();
  editor = page.getByRole('dialog', { name: 'Edit Blog' });
  await editor.getByLabel('Title').fill(renamed);
  await editor.getByRole('button', { name: 'Update Blog' }).click();
  await expect(editor).toBeHidden();
  const newSlug = `zero-trust-for-every-office-${id}`;
  const moved = await request.get(`/blog/${slug}`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers().location).toBe(`/blog/${newSlug}`);

  // The history shows what changed and puts the first version back.
  await page.getByRole('button', { name: `History of “${renamed}”` }).click();
  const history = page.getByRole('dialog', { name: `History of “${renamed}”` });
  const versions = history.getByRole('listitem');
  await expect(versions).toHaveCount(2);
  await expect(versions.first().getByLabel('Changes from this version to the current one')).toContainText(
    `− # ${title}`,
  );
  await expect(versions.first().getByLabel('Changes from this version to the current one')).toContainText(
    `+ # ${renamed}`,
  );
  await expectNoAxeViolations(page);
  // Escape closes it and hands focus back to the button that opened it.
  await page.keyboard.press('Escape');
  await expect(history).toBeHidden();
  await expect(page.getByRole('button', { name: `History of “${renamed}”` })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(versions).toHaveCount(2);
  await versions
    .first()
    .getByRole('button', { name: /^Restore/ })
    .click();
  await expect(history).toBeHidden();
  await expect(page.getByRole('button', { name: `Edit “${title}”` })).toBeVisible();
  expect((await request.get(`/blog/${slug}`, { maxRedirects: 0 })).status()).toBe(200);
  const back = await request.get(`/blog/${newSlug}`, { maxRedirects: 0 });
  expect(back.status()).toBe(301);
  expect(back.headers().location).toBe(`/blog/${slug}`);
  forgiveStatus(consoleErrors, 400);
});

test("a post's draft is saved on the server by itself, is there in another browser, and a stale save names who changed it", async ({
  page,
  request,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const { accessToken } = await loginAdmin(request);
  const id = unique();
  const title = `Server drafts ${id}`;
  const created = await request.post('/api/blogs', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: { title, content: 'The published text.', status: 'published' },
  });
  expect(created.status()).toBe(201);
  const { slug, _id: postId } = await created.json();

  // Typed in one browser, then nothing: the draft is saved on the server AUTOSAVE_DELAY_MS later, not before (the
  // page's clock held, then run on: the delay is exact, and costs no real time).
  await page.clock.install();
  await login(page);
  await page.getByRole('button', { name: `Edit “${title}”` }).click();
  const editor = page.getByRole('dialog', { name: 'Edit Blog' });
  const status = editor.getByTestId('post-kept-status');
  await savedExactlyAfterDelay(
    page,
    () => editor.getByLabel('Content').fill(`Half-written in the first browser ${id}`),
    async () => expect(await status.textContent(), 'nothing kept or saved a millisecond before the delay').toBe(''),
  );
  await expect(status).toContainText('Draft saved at', { timeout: 15_000 });

  // Another browser (nothing kept in it) opens the post: the text is back; the public still reads the post.
  const other = await browser.newContext();
  await other.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
  const second = await other.newPage();
  await second.clock.install();
  await login(second);
  await second.getByRole('button', { name: `Edit “${title}”` }).click();
  const secondEditor = second.getByRole('dialog', { name: 'Edit Blog' });
  await expect(secondEditor.getByLabel('Content')).toHaveValue(`Half-written in the first browser ${id}`);
  expect(await (await request.get(`/blog/${slug}`)).text()).not.toContain('Half-written');
  // Its preview link shows the draft, to whoever holds the link (and says it is the autosaved draft).
  const link = await request.post(`/api/blogs/${postId}/preview`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(link.status()).toBe(200);
  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto((await link.json()).url);
  await expect(reader.getByText(`Half-written in the first browser ${id}`)).toBeVisible();
  await expect(reader.getByRole('note')).toContainText('changes autosaved at');
  await expect(reader.getByText('The published text.')).toHaveCount(0);
  await visitor.close();

  // The second browser saves a newer draft; the first one's next save is refused and says who changed it.
  await secondEditor.getByLabel('Content').fill(`Finished in the second browser ${id}`);
  await afterAutosaveShows(second, secondEditor.getByTestId('post-kept-status'));
  await editor.getByLabel('Content').fill(`Overwriting from the first browser ${id}`);
  await afterAutosaveShows(page, status, 'This post was changed by Site Admin');
  // The refused save is logged by Chromium as a failed request; that one is expected.
  for (let index = consoleErrors.length - 1; index >= 0; index -= 1) {
    if (consoleErrors[index]?.includes('status of 409 ')) consoleErrors.splice(index, 1);
  }

  // Publishing takes the draft: the public post shows the second browser's text.
  await secondEditor.getByRole('button', { name: 'Update Blog' }).click();
  await expect(secondEditor).toBeHidden();
  await expect
    .poll(async () => (await request.get(`/blog/${slug}`)).text(), { timeout: 5_000 })
    .toContain(`Finished in the second browser ${id}`);
  await other.close();
});

test('a new post is on the server as a draft from its first autosave, and an empty one never is', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  const { all: allPosts } = await adminPosts(request);
  const before = (await allPosts()).length;
  const id = unique();
  const title = `Written before saving ${id}`;
  const content = `The first paragraph of a post nobody has saved yet ${id}.`;

  await page.clock.install();
  await login(page);
  // Opened and left with nothing typed: no post.
  await page.getByRole('button', { name: 'Create Blog' }).click();
  let drawer = page.getByRole('dialog', { name: 'Create Blog' });
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  // Only tags typed: kept in this browser, still no post on the server.
  await page.getByRole('button', { name: 'Create Blog' }).click();
  drawer = page.getByRole('dialog', { name: 'Create Blog' });
  await drawer.getByLabel('Tags').fill('drafts');
  await afterAutosaveShows(page, drawer.getByTestId('post-kept-status'), 'Kept in this browser');
  expect((await allPosts()).length).toBe(before);

  // A title and a body: the first autosave creates the post on the server, as a draft.
  await drawer.getByLabel('Title').fill(title);
  await drawer.getByLabel('Content').fill(content);
  await afterAutosaveShows(page, drawer.getByTestId('post-kept-status'));
  await expect.poll(async () => (await allPosts()).length).toBe(before + 1);
  // Nothing public shows it.
  expect(await (await request.get('/blog')).text()).not.toContain(title);
  expect(await (await request.get('/api/blogs')).text()).not.toContain(title);

  // Another browser (nothing kept in it): the post is listed as a draft, and its text is there.
  const other = await browser.newContext();
  await other.addInitScript(() => localStorage.setItem('cookieConsent', 'accepted'));
  const second = await other.newPage();
  await login(second);
  const card = second.getByRole('listitem').filter({ has: second.getByRole('button', { name: `Edit “${title}”` }) });
  await expect(card).toContainText('draft');
  await card.getByRole('button', { name: `Edit “${title}”` }).click();
  const secondEditor = second.getByRole('dialog', { name: 'Edit Blog' });
  await expect(secondEditor.getByLabel('Title')).toHaveValue(title);
  await expect(secondEditor.getByLabel('Content')).toHaveValue(content);
  await expect(secondEditor.getByLabel('Tags')).toHaveValue('drafts');
  await other.close();

  // Saved in the first browser: that post is updated (no second one), still a draft, with no revision.
  await drawer.getByRole('button', { name: 'Create Blog' }).click();
  await expect(drawer).toBeHidden();
  const posts = await allPosts();
  expect(posts.length).toBe(before + 1);
  expect(posts.filter((post) => post.title === title)).toHaveLength(1);
  const saved = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Edit “${title}”` }) });
  await expect(saved).toContainText('draft');
  await saved.getByRole('button', { name: `History of “${title}”` }).click();
  await expect(page.getByText('No earlier versions yet')).toBeVisible();
  await page.keyboard.press('Escape');
  // A new post starts afresh after that save.
  await page.getByRole('button', { name: 'Create Blog' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Blog' }).getByLabel('Title')).toHaveValue('');
});

test('a new post its autosave created goes on from Create Blog after Esc and a reload, and its save makes no second post', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { all: allPosts } = await adminPosts(request);
  const before = (await allPosts()).length;
  // The leave-page question of a reload is answered "leave" (the text must come back all the same).
  page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
  await page.clock.install();
  await login(page);
  const title = `Carried on ${unique()}`;

  await page.getByRole('button', { name: 'Create Blog' }).click();
  let drawer = page.getByRole('dialog', { name: 'Create Blog' });
  await drawer.getByLabel('Title').fill(title);
  await drawer.getByLabel('Content').fill('One');
  await afterAutosaveShows(page, drawer.getByTestId('post-kept-status'));
  // Nothing the server lacks: Esc closes without asking, and Create Blog goes on with the same post.
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Create Blog' }).click();
  drawer = page.getByRole('dialog', { name: 'Create Blog' });
  await expect(drawer.getByLabel('Title')).toHaveValue(title);
  await expect(drawer.getByTestId('post-kept-status')).toContainText('Draft saved at');

  // Typed, then reloaded before the autosave: the text comes back and is saved over the same post.
  await drawer.getByLabel('Content').fill('One, two');
  await page.reload();
  await page.getByRole('button', { name: 'Create Blog' }).click();
  drawer = page.getByRole('dialog', { name: 'Create Blog' });
  await expect(drawer.getByLabel('Content')).toHaveValue('One, two');
  await expect(drawer.getByText('Your unsaved changes from this browser were put back.')).toBeVisible();
  await afterAutosaveShows(page, drawer.getByTestId('post-kept-status'));
  await drawer.getByRole('button', { name: 'Create Blog' }).click();
  await expect(drawer).toBeHidden();

  const posts = await allPosts();
  expect(posts.length).toBe(before + 1);
  expect(posts.filter((post) => post.title === title)).toHaveLength(1);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Edit “${title}”` }) });
  await expect(card).toContainText('One, two');
});

test('a new post a colleague deletes while it is being written is created again by the next autosave, and saved once', async ({
  page,
  request,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const { headers: auth, titled } = await adminPosts(request);
  await page.clock.install();
  await login(page);
  const title = `Deleted while written ${unique()}`;

  await page.getByRole('button', { name: 'Create Blog' }).click();
  const drawer = page.getByRole('dialog', { name: 'Create Blog' });
  await drawer.getByLabel('Title').fill(title);
  await drawer.getByLabel('Content').fill('The first lines.');
  await afterAutosaveShows(page, drawer.getByTestId('post-kept-status'));
  const [first] = await titled(title);
  expect(first).toBeTruthy();
  // A colleague deletes the draft post from the list.
  expect((await request.delete(`/api/blogs/${first?._id}`, { headers: auth })).status()).toBeLessThan(300);

  // The writer goes on typing: the next autosave creates the post again, with everything typed.
  await drawer.getByLabel('Content').fill('The first lines, and more.');
  await afterAutosave(page, () =>
    expect.poll(async () => (await titled(title)).length, { timeout: AFTER_MOVE_MS }).toBe(1),
  );
  const [again] = await titled(title);
  expect(again?._id).not.toBe(first?._id);
  await expect(drawer.getByTestId('post-kept-status')).toContainText('Draft saved at');

  // Deleted once more, just before Save: the save makes the text a new post instead of failing.
  expect((await request.delete(`/api/blogs/${again?._id}`, { headers: auth })).status()).toBeLessThan(300);
  await drawer.getByRole('button', { name: 'Create Blog' }).click();
  await expect(drawer).toBeHidden();
  await expect(toasts(page)).toContainText(MESSAGES.blog.created);
  const saved = await titled(title);
  expect(saved).toHaveLength(1);
  expect(saved[0]?._id).not.toBe(again?._id);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Edit “${title}”` }) });
  await expect(card).toContainText('The first lines, and more.');
  // The autosave and the save that met the deleted post were answered 404, as they should be.
  forgiveStatus(consoleErrors, 404);
});

test('two people on one post see each other, and a conflict shows what the colleague changed, field by field', async ({
  page,
  request,
  browser,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const { accessToken } = await loginAdmin(request);
  const headers = { authorization: `Bearer ${accessToken}` };
  const id = unique();
  const title = `Shared post ${id}`;
  const created = await request.post('/api/blogs', {
    headers,
    data: { title, content: 'The first text.', status: 'draft' },
  });
  expect(created.status()).toBe(201);
  const { _id: postId } = await created.json();

  await page.clock.install();
  await login(page);
  await page.getByRole('button', { name: `Edit “${title}”` }).click();
  const mine = page.getByRole('dialog', { name: 'Edit Blog' });
  const anna = await editorAccount(browser, request);
  try {
    await anna.page.clock.install();
    await anna.page.goto('/admin/blog');
    await anna.page.getByRole('button', { name: `Edit “${title}”` }).click();
    const hers = anna.page.getByRole('dialog', { name: 'Edit Blog' });
    // Anna sees the admin at once; the admin sees Anna by the next heartbeat.
    await expect(hers.getByTestId('other-editors')).toContainText(/Site Admin is editing since \d\d:\d\d/);
    await skipToNextHeartbeat(page);
    await expect(mine.getByTestId('other-editors')).toContainText(/Anna is editing since \d\d:\d\d/, {
      timeout: 15_000, // the heartbeat's round trip on a busy machine; the heartbeat itself is not waited for
    });

    // Both change the text; Anna's draft is saved first, the admin's autosave meets it.
    await hers.getByLabel('Content').fill(`Anna’s text ${id}`);
    await afterAutosaveShows(anna.page, hers.getByTestId('post-kept-status'));
    await mine.getByLabel('Title').fill(`${title}, renamed`);
    await mine.getByLabel('Content').fill(`The admin’s text ${id}`);
    const conflict = mine.getByRole('alert').filter({ hasText: 'changed by Anna' });
    await afterAutosaveVisible(page, conflict);
    const choice = conflict.getByRole('group', { name: 'Content' });
    await expect(choice).toContainText(`Anna’s text ${id}`);
    await expect(choice).toContainText(`The admin’s text ${id}`);
    await choice.getByRole('radio', { name: /Keep mine/ }).check();
    await conflict.getByRole('button', { name: 'Merge as chosen' }).click();
    await expect(conflict).toBeHidden();
    // The merged text is saved by the autosave, over Anna's version.
    await afterAutosaveShows(page, mine.getByTestId('post-kept-status'));
    const posts = (await (await request.get('/api/blogs?status=all', { headers })).json()) as {
      _id: string;
      draft: { data: { title: string; content: string } } | null;
    }[];
    expect(posts.find((post) => post._id === postId)?.draft?.data).toMatchObject({
      title: `${title}, renamed`,
      content: `The admin’s text ${id}`,
    });
    // The browser logs the refused autosave (409) as a failed request: that one is expected, nothing else.
    const refusedSave = consoleErrors.findIndex((error) => /status of 409 /.test(error));
    expect(refusedSave).toBeGreaterThanOrEqual(0);
    consoleErrors.splice(refusedSave, 1);
  } finally {
    await anna.context.close();
  }
});

test("the post's page beside the form follows typing, is one tap away on a phone, and a click on its text focuses the field", async ({
  page,
  request,
}) => {
  // Axe reads the drawer with the post's page twice, on a shared machine.
  test.setTimeout(90_000);
  // The clicks into the preview land where a field's focus has just scrolled the page: under reduced motion the
  // scroll is instant (app.css), as for a person who clicks what they see once it has stopped (content-workflow.spec.ts).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const posts = await adminPosts(request);
  await login(page);
  await page.getByRole('button', { name: 'Create Blog' }).click();
  const drawer = page.getByRole('dialog', { name: 'Create Blog' });
  const preview = drawer.getByTestId('page-preview-frame').contentFrame();
  // The post's page as the public gets it: the site's header and footer, the banner saying it is a draft.
  await expect(preview.getByTestId('draft-preview-banner')).toHaveText('Draft preview — not published');
  await expect(preview.getByRole('link', { name: '← All blogs' })).toBeVisible();
  await expect(preview.getByRole('contentinfo')).toBeVisible();

  const title = `Fibre to every desk ${unique()}`;
  await drawer.getByLabel('Title').fill(title);
  await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible({ timeout: 1000 });
  await drawer.getByLabel('Content').fill('## Cabling\n\nCat 6A to **every** desk.');
  await expect(preview.getByRole('heading', { level: 2, name: 'Cabling' })).toBeVisible({ timeout: 1000 });
  await expect(preview.locator('strong', { hasText: 'every' })).toBeVisible();
  await drawer.getByLabel('Tags').fill('Networks, Fibre');
  await expect(preview.getByRole('link', { name: '#Fibre', exact: true })).toBeVisible({ timeout: 1000 });

  await drawer.getByLabel('Tags').focus();
  await preview.getByText('Cat 6A to every desk.').click();
  await expect(drawer.getByLabel('Content')).toBeFocused();
  await expectNoAxeViolations(page, undefined, { preview: true });

  // A phone: the form, and the page one tap away; a click on its text brings the form back at its field.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(drawer.getByTestId('page-preview-frame')).toBeHidden();
  await drawer.getByRole('button', { name: 'Show the page preview' }).click();
  await expect(drawer.getByLabel('Title')).toBeHidden();
  await expectNoAxeViolations(page, undefined, { preview: true });
  await preview.getByRole('heading', { level: 1, name: title }).click();
  await expect(drawer.getByLabel('Title')).toBeFocused();

  // The first autosave kept the post as a draft: removed again.
  await expect.poll(async () => (await posts.titled(title)).length).toBe(1);
  for (const post of await posts.titled(title)) {
    expect((await request.delete(`/api/blogs/${post._id}`, { headers: posts.headers })).status()).toBeLessThan(300);
  }
});
