// axe-core on the page as the visitor sees it, once the transitions under way have settled.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

const PREVIEW_FRAME = '[data-testid="page-preview-frame"]';

/**
 * Fails with each violation's rule and elements; `include` limits the check to one part of the page, `preview`
 * reads the page in an editor's preview frame too.
 */
export async function expectNoAxeViolations(page: Page, include?: string, { preview = false } = {}) {
  // A toast or dialog still fading in has not reached its real colours (axe would report its contrast).
  // Two frames first: components start their transitions on the next animation frame.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Infinity))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // A toast is drawn by a file fetched with the first toast, so it may appear after the transitions above were
  // awaited: wait until every toast on the page has finished fading in (or out), whatever started it.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll('section[aria-label="Notifications"] li')).every(
      (toast) =>
        toast.getAnimations().length === 0 && ['0', '1'].includes(getComputedStyle(toast as HTMLElement).opacity),
    ),
  );
  const analyze = async (configure: (builder: AxeBuilder) => AxeBuilder = (builder) => builder) => {
    const builder = new AxeBuilder({ page });
    if (include) builder.include(include);
    return (await configure(builder).analyze()).violations;
  };
  // An editor's page preview (admin-content/page-frame.tsx) is a public page in a frame of its own, read when a
  // check asks for it (`preview`; every other check leaves it out: reading it takes seconds). Its site header, main
  // and footer repeat the admin page's, which axe counts as landmarks of one page: that one rule is read without it.
  const framed = (await page.locator(PREVIEW_FRAME).count()) > 0;
  const violations = !framed
    ? await analyze()
    : preview
      ? [
          ...(await analyze((builder) => builder.disableRules(['landmark-unique']))),
          ...(await analyze((builder) => builder.withRules(['landmark-unique']).exclude([PREVIEW_FRAME, 'body']))),
        ]
      : await analyze((builder) => builder.exclude([PREVIEW_FRAME, 'body']));
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(' | ')}`),
  ).toEqual([]);
}
