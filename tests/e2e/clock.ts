// The page's clock for the product's own delays (issue 33 item 6, decision 0038): a test installs Playwright's clock
// before the page loads (`page.clock.install()`: time then runs as usual, timers fire by themselves) and moves it past
// a delay instead of waiting it out in real time. Only the page's timers and `Date` move; the server keeps real time.
import { AUTOSAVE_DELAY_MS, CONTENT_PRESENCE_HEARTBEAT_SECONDS } from '@agency/contract';
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Past the editors' autosave delay: what was just typed is saved now instead of AUTOSAVE_DELAY_MS later. The content
 * editor sets its timer while handling the keystroke, the blog drawer in an effect React runs before that event's
 * task ends, so it is there when `fill` returns; `afterAutosave` moves again when it was not (a text put back).
 */
export const skipAutosaveDelay = (page: Page) => page.clock.fastForward(AUTOSAVE_DELAY_MS);

/** Past the presence heartbeat: the editor's next one is sent now instead of up to 10 s later. */
export const skipToNextHeartbeat = (page: Page) => page.clock.fastForward(CONTENT_PRESENCE_HEARTBEAT_SECONDS * 1000);

/**
 * Holds the page's clock: no timer of the page fires until the test runs it on (`page.clock.runFor`) or lets it go
 * (`page.clock.resume()`). Held a second ahead of the page's time, so that real time passing between reading it
 * and holding it cannot put the hold in the past (timers due in that second fire first).
 */
async function holdClock(page: Page) {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
}

/**
 * Every task the page had queued (a React render after a state change) has run: a message through a
 * MessageChannel, which React's scheduler also uses and the clock does not hold.
 */
const settled = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );

/**
 * Moves the page's clock past the autosave delay until `saved` passes (it checks what the save's answer shows, with
 * a short timeout of its own): the move is made again while it fails, for a change whose timer was set after the
 * previous move (a text put back on opening, a state the editor sets after a render).
 */
export async function afterAutosave(page: Page, saved: () => Promise<unknown>) {
  await expect(async () => {
    await skipAutosaveDelay(page);
    await saved();
  }).toPass({ timeout: 20_000 });
}

/** How long a check made after a move of the clock waits: the save's round trip, not the delay. */
export const AFTER_MOVE_MS = 2_000;

/** Past the autosave delay, `status` shows `text` (by default, a draft saved on the server). */
export const afterAutosaveShows = (page: Page, status: Locator, text: string | RegExp = 'Draft saved at') =>
  afterAutosave(page, () => expect(status).toContainText(text, { timeout: AFTER_MOVE_MS }));

/** Past the autosave delay, `element` (a conflict's choice) is on screen. */
export const afterAutosaveVisible = (page: Page, element: Locator) =>
  afterAutosave(page, () => expect(element).toBeVisible({ timeout: AFTER_MOVE_MS }));

/**
 * The autosave's delay, exactly: `type` runs with the page's clock held, the clock is run to a millisecond before
 * AUTOSAVE_DELAY_MS and every queued render done (`notYet` checks that nothing is saved), then one millisecond on,
 * and the clock runs by itself again. The caller checks what the save shows.
 */
export async function savedExactlyAfterDelay(page: Page, type: () => Promise<unknown>, notYet: () => Promise<unknown>) {
  await holdClock(page);
  await type();
  await page.clock.runFor(AUTOSAVE_DELAY_MS - 1);
  await settled(page);
  await notYet();
  await page.clock.runFor(1);
  await page.clock.resume();
}
