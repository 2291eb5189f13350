// axe-core on the page as the visitor sees it, once the transitions under way have settled.
import AxeBuilder from '@axe-core/playwright';
import type { Frame, Locator, Page } from '@playwright/test';
import axe from 'axe-core';
import { expect } from './fixtures.ts';

const PREVIEW_FRAME = '[data-testid="page-preview-frame"]';

/** Only the violations are read: axe then keeps no list of every node that passed each rule. A new object for each
 *  check: AxeBuilder's `withRules` and `disableRules` write into the options object it was given. */
const options = (): axe.RunOptions => ({ resultTypes: ['violations'] });

/**
 * A document checked by axe in itself: `axe.run` there, instead of @axe-core/playwright's default, which adds axe's
 * source again on every check, runs it per frame and merges the results in a blank page of its own (a page, axe's
 * source and a merge more per check: about 2.5 of a check's 7 s in a trace at load 10, round 38; its merge of a page
 * with the preview frame took 8 to 10 s at load 11, round 39). `iframes: false`: a frame's element is checked (its
 * title), not its document.
 */
async function violationsIn(
  target: Page | Frame,
  include: string | undefined,
  runOptions: axe.RunOptions = options(),
): Promise<axe.Result[]> {
  const added = await target.evaluate(() => typeof (window as unknown as { axe?: typeof axe }).axe?.run === 'function');
  if (!added) await target.evaluate(axe.source);
  return target.evaluate(
    ([selector, runOptions]) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(selector ? { include: [selector] } : document, runOptions)
        .then((results) => results.violations),
    [include, { ...runOptions, iframes: false }] as const,
  );
}

/**
 * Rules axe applies to the page a frame is in, not to the frame's own document, when it reads the frame from the
 * page: the document's title, language and viewport, the way past repeated blocks (`is-initiator-matches` and
 * `bypass-matches` in axe-core), and content outside landmarks (`region`, which takes a frame's content to be where
 * the frame's element is: here in the editor's main). Left out when the frame's document is read by itself.
 */
const PAGE_RULES = ['document-title', 'html-has-lang', 'meta-viewport', 'meta-viewport-large', 'bypass', 'region'];

/**
 * An editor's preview frame's document, read by itself: every rule but PAGE_RULES. Its site header, main and
 * footer are then landmarks of their own page, not a second set of the admin page's (which axe would count as
 * landmarks of one page, `landmark-unique`).
 */
async function violationsInPreview(frameElement: Locator): Promise<axe.Result[]> {
  await expect(frameElement, 'the preview frame to check').toBeVisible();
  const frame = (await (await frameElement.elementHandle())!.contentFrame())!;
  const violations = await violationsIn(frame, undefined, {
    ...options(),
    rules: Object.fromEntries(PAGE_RULES.map((rule) => [rule, { enabled: false }])),
  });
  return violations.map((violation) => ({ ...violation, id: `${violation.id} (in the preview)` }));
}

/**
 * Fails with each violation's rule and elements; `include` limits the check to one part of the page, `preview`
 * reads the page in an editor's preview frame too.
 */
export async function expectNoAxeViolations(page: Page, include?: string, { preview = false } = {}) {
  // A toast or dialog still fading in has not reached its real colours (axe would report its contrast).
  // Two frames first: components start their transitions on the next animation frame.
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
  // A toast is drawn by a file fetched with the first toast, so it may appear after the transitions above were
  // awaited: wait until every toast on the page has finished fading in (or out), whatever started it.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('section[aria-label="Notifications"] li')).every(
      (toast) =>
        toast.getAnimations().length === 0 && ['0', '1'].includes(getComputedStyle(toast as HTMLElement).opacity),
    ),
  );
  // An editor's page preview (admin-content/page-frame.tsx) is a public page in a frame of its own, read when a
  // check asks for it (`preview`); every other check reads the admin page with the frame's element but not its
  // document (reading it takes seconds). Another frame (none in the app today) goes through @axe-core/playwright.
  const previewFrame = page.locator(PREVIEW_FRAME);
  const frames = page.frames().length - ((await previewFrame.count()) > 0 ? 1 : 0);
  const violations =
    frames > 1
      ? await (async () => {
          const builder = new AxeBuilder({ page }).options(options());
          if (include) builder.include(include);
          return (await builder.analyze()).violations;
        })()
      : [...(await violationsIn(page, include)), ...(preview ? await violationsInPreview(previewFrame) : [])];
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`),
  ).toEqual([]);
}
