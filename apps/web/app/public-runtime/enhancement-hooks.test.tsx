// The public pages' plain-script behaviours find their elements by `data-*` attributes their components write
// (README, "Where a change goes"). Each component is rendered here as the server renders it: a component that
// drops an attribute its behaviour needs fails this test, not a visitor's tap.
import type { CookiesDocument, PolicyDocument } from '@agency/contract';
import { TECH_STACK } from '@agency/contract/content/home.ts';
import { PRIVACY_SECTIONS } from '@agency/contract/content/privacy-policy.ts';
import { TERMS_SECTIONS } from '@agency/contract/content/terms.ts';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CookieBanner } from '~/components/layout/cookie-banner';
import { BANNER_HOOKS } from '~/components/layout/cookie-banner.enhance';
import { SiteFooter } from '~/components/layout/site-footer';
import { SiteHeader } from '~/components/layout/site-header';
import { HEADER_HOOKS } from '~/components/layout/site-header.enhance';
import { SERVICES_MENU_HOOKS } from '~/components/layout/services-menu.enhance';
import { YEAR_HOOK } from '~/components/layout/site-footer.enhance';
import { TechStrip } from '~/components/home/tech-strip';
import { IDLE_HOOK, PAUSE_HOOK } from '~/components/home/tech-strip.enhance';
import { PrivacyPolicy } from '~/components/policies/privacy-policy';
import { PRIVACY_HOOKS } from '~/components/policies/privacy-policy.enhance';
import { TermsPanels } from '~/components/policies/terms-panels';
import { TERMS_HOOKS } from '~/components/policies/terms-panels.enhance';
import { Particles } from '~/components/ui/particles';
import { PARTICLES_HOOK } from '~/components/ui/particles.enhance';
import { CareerForm } from '~/components/forms/career-form';
import { RESUME_HOOK } from '~/components/forms/career-form.enhance';
import { ContactForm } from '~/components/forms/contact-form';
import { FORM_HOOKS } from '~/components/forms/public-form.enhance';
import { RegionalQuoteForm } from '~/components/forms/regional-quote-form';
import { CookieTabs } from '~/components/policies/cookie-tabs';
import { TABS_HOOK } from '~/components/policies/cookie-tabs.enhance';
import { QuoteDialogShell } from '~/components/quote-dialog-shell';
import { ServiceExplorer } from '~/components/services/service-explorer';
import { EXPLORER_HOOKS } from '~/components/services/service-explorer.enhance';
import { SERVICES_CATALOGUE } from '@agency/contract/content/services.ts';
import { SHELL_HOOKS } from '~/components/quote-dialog-shell.enhance';

/** Whether `html` has an element with `attribute` (of `value`, when given). */
const has = (html: string, attribute: string, value?: string) =>
  new RegExp(`\\s${attribute}="${value ?? '[^"]*'}"`).test(html);

describe('the attributes each enhancement finds its elements by', () => {
  it('the cookie banner writes every hook of cookie-banner.enhance.ts, the footer its settings button', () => {
    const html = renderToString(<CookieBanner />);
    for (const hook of [BANNER_HOOKS.banner, BANNER_HOOKS.gpc, BANNER_HOOKS.preferences, BANNER_HOOKS.customize]) {
      expect(has(html, hook), hook).toBe(true);
    }
    for (const choice of ['accepted', 'necessary', 'custom']) expect(has(html, BANNER_HOOKS.choice, choice)).toBe(true);
    for (const category of ['analytics', 'marketing', 'preferences']) {
      expect(has(html, BANNER_HOOKS.category, category), category).toBe(true);
    }
    expect(has(renderToString(<SiteFooter />), BANNER_HOOKS.settings)).toBe(true);
  });

  it('the cookie policy’s tabs write the tab list hook and their panels’ ids', () => {
    const cookies = {
      tabs: [
        { id: 'what', label: 'What Are Cookies', body: [] },
        { id: 'table', label: 'Cookie Table', body: [] },
      ],
      table: [],
    } as unknown as CookiesDocument;
    const html = renderToString(<CookieTabs cookies={cookies} />);
    expect(has(html, TABS_HOOK)).toBe(true);
    expect(has(html, 'aria-controls', 'cookie-panel-what')).toBe(true);
    expect(has(html, 'id', 'cookie-panel-what')).toBe(true);
  });

  it('the services explorer writes its root, panel, each service’s button and details, and the titles they name', () => {
    const html = renderToString(<ServiceExplorer />);
    expect(has(html, EXPLORER_HOOKS.explorer)).toBe(true);
    expect(has(html, EXPLORER_HOOKS.panel)).toBe(true);
    for (const { slug } of SERVICES_CATALOGUE) {
      expect(has(html, EXPLORER_HOOKS.choice, slug), slug).toBe(true);
      expect(has(html, EXPLORER_HOOKS.detail, slug), slug).toBe(true);
      // The panel is labelled by the shown service's title: each details' heading has an id.
      expect(new RegExp(`${EXPLORER_HOOKS.detail}="${slug}"[^>]*>.*?<h2 id="[^"]+"`).test(html), slug).toBe(true);
    }
    // The first service is chosen in the served HTML, its details alone shown.
    expect(html.match(/aria-pressed="true"/g)).toHaveLength(1);
    expect(html.match(new RegExp(`${EXPLORER_HOOKS.detail}="[^"]*" hidden`, 'g'))).toHaveLength(
      SERVICES_CATALOGUE.length - 1,
    );
  });

  it('the header writes the menus’ and the quote link’s hooks, the footer its year’s', () => {
    const html = renderToString(<SiteHeader />);
    expect(has(html, HEADER_HOOKS.menuToggle)).toBe(true);
    expect(has(html, 'aria-controls', 'mobile-menu')).toBe(true);
    expect(has(html, HEADER_HOOKS.icon, 'open')).toBe(true);
    expect(has(html, HEADER_HOOKS.icon, 'close')).toBe(true);
    expect(has(html, HEADER_HOOKS.quote)).toBe(true);
    expect(has(html, SERVICES_MENU_HOOKS.menu)).toBe(true);
    // The Services button names its panel, which carries the panel's hook.
    const panel = /data-early-services=""><a[^>]*aria-controls="([^"]+)"/.exec(html)?.[1];
    expect(panel && new RegExp(`id="${panel}" ${SERVICES_MENU_HOOKS.panel}=""`).test(html)).toBe(true);
    expect(has(renderToString(<SiteFooter />), YEAR_HOOK)).toBe(true);
  });

  it('the policies write their hooks: the terms’ panels, links, title and Back to Top; the privacy contents', () => {
    const policy = (sections: readonly unknown[]) =>
      ({ intro: '', lastUpdated: '2026-01-01', sections }) as unknown as PolicyDocument;
    const terms = renderToString(<TermsPanels terms={policy(TERMS_SECTIONS)} />);
    for (const hook of [TERMS_HOOKS.terms, TERMS_HOOKS.title, TERMS_HOOKS.backToTop])
      expect(has(terms, hook), hook).toBe(true);
    for (const hook of [TERMS_HOOKS.link, TERMS_HOOKS.toggle]) {
      expect(terms.match(new RegExp(`\\s${hook}=""`, 'g')), hook).toHaveLength(TERMS_SECTIONS.length);
    }
    // A quick-navigation link's target holds the toggle the script opens.
    const first = TERMS_SECTIONS[0]!.id;
    expect(new RegExp(`<section[^>]*id="${first}"[^>]*>.*?${TERMS_HOOKS.toggle}=""`).test(terms)).toBe(true);
    const privacy = renderToString(<PrivacyPolicy privacy={policy(PRIVACY_SECTIONS)} />);
    expect(has(privacy, PRIVACY_HOOKS.contents)).toBe(true);
    expect(has(privacy, 'href', `#${PRIVACY_SECTIONS[0]!.id}`)).toBe(true);
  });

  it('the technology strip writes its pause button’s hook and its track’s, the particles theirs', () => {
    const strip = renderToString(<TechStrip techStack={TECH_STACK as never} />);
    expect(has(strip, PAUSE_HOOK)).toBe(true);
    expect(new RegExp(`id="tech-strip-track"[^>]*${IDLE_HOOK}=""`).test(strip)).toBe(true);
    expect(has(renderToString(<Particles />), PARTICLES_HOOK)).toBe(true);
  });

  it('the quote dialog’s shell writes its hooks', () => {
    const html = renderToString(<QuoteDialogShell />);
    expect(has(html, SHELL_HOOKS.shell)).toBe(true);
    expect(has(html, SHELL_HOOKS.close)).toBe(true);
  });

  it('the forms write the rules their first answer follows, and the career form its CV input’s hook', () => {
    for (const form of [<ContactForm key="contact" />, <RegionalQuoteForm key="uk" region="uk" />]) {
      const html = renderToString(form);
      expect(has(html, FORM_HOOKS.rules)).toBe(true);
      // The rules name fields the form has.
      const rules = JSON.parse(
        (/data-missing-rules="([^"]*)"/.exec(html)?.[1] ?? '[]').replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
      ) as { fields: string[] }[];
      for (const field of rules.flatMap((rule) => rule.fields)) expect(has(html, 'name', field), field).toBe(true);
    }
    expect(has(renderToString(<CareerForm />), RESUME_HOOK)).toBe(true);
  });
});
