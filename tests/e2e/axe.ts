// axe-core on the page as the visitor sees it, once the transitions under way have settled.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe from 'axe-core';
import { expect } from './fixtures.ts';

const PREVIEW_FRAME = '[data-testid="page-preview-frame"]';

/** Only the violations are read: axe then keeps no list of every node that passed each rule. A new object for each
 *  check: AxeBuilder's `withRules` and `disableRules` write into the options object it was given. */
const options = (): axe.RunOptions => ({ resultTypes: ['violations'] });

/**
 * A page without frames is checked by axe in the page itself: axe's source is added once per document and
 * `axe.run` reads it, instead of @axe-core/playwright's default, which adds the source again on every check, runs
 * it per frame and merges the results in a blank page of its own (a page, axe's source and a merge more per
 * check: about 2.5 of a check's 7 s in a trace at load 10, round 38).
 */
async function violationsOfPage(page: Page, include: string | undefined): Promise<axe.Result[]> {
  const added = await page.evaluate(() => typeof (window as unknown as { axe?: typeof axe }).axe?.run === 'function');
  if (!added) await page.evaluate(axe.source);
  return page.evaluate(
    ([context, runOptions]) =>
      (window as unknown as { axe: typeof axe }).axe
        .run(context ? { include: [context] } : document, runOptions)
        .then((results) => results.violations),
    [include, options()] as const,
  );
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
  const analyze = async (configure: (builder: AxeBuilder) => AxeBuilder = (builder) => builder) => {
    const builder = new AxeBuilder({ page }).options(options());
    if (include) builder.include(include);
    return (await configure(builder).analyze()).violations;
  };
  // An editor's page preview (admin-content/page-frame.tsx) is a public page in a frame of its own, read when a
  // check asks for it (`preview`; every other check leaves it out: reading it takes seconds). Its site header, main
  // and footer repeat the admin page's, which axe counts as landmarks of one page: that one rule is read without it.
  const framed = (await page.locator(PREVIEW_FRAME).count()) > 0;
  const violations =
    page.frames().length === 1
      ? await violationsOfPage(page, include)
      : !framed
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
