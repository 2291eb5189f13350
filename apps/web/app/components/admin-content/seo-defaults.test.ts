import { CONTENT_DOCUMENTS } from '@agency/contract';
import { describe, expect, it } from 'vitest';
import { pageById, pageByPath } from '~/content/pages';
import { documentSeo } from '~/lib/seo';
import { seoDefaults, seoPlaceholders, withoutSeoDefaults, withSeoDefaults } from './seo-defaults';

const about = pageById('about');

describe("a page document's search and sharing fields in the form", () => {
  it("are the texts the page's meta shows when the document leaves them empty", () => {
    expect(seoDefaults('about')).toEqual({ title: about.title, description: about.description });
    const tags = documentSeo('about', { content: {} });
    expect(tags).toContainEqual({ name: 'description', content: seoDefaults('about')!.description });
    expect(tags.find((tag) => 'title' in tag)).toEqual({ title: expect.stringMatching(/^About Us \| /) });
    // Every document with a `seo` part has its page's texts (service pages and the terms too); `site` has none.
    for (const entry of CONTENT_DOCUMENTS) {
      const defaults = seoDefaults(entry.key);
      if (entry.key === 'site') expect(defaults).toBeNull();
      else
        expect(defaults, entry.key).toEqual({
          title: pageByPath(entry.paths[0]!)!.title,
          description: pageByPath(entry.paths[0]!)!.description,
        });
    }
  });

  it('fill empty texts only, and are left out again on save so the document keeps what an editor wrote', () => {
    const untouched = { hero: { title: 'x' } };
    const shown = withSeoDefaults('about', untouched);
    expect(shown).toEqual({ hero: { title: 'x' }, seo: { title: about.title, description: about.description } });
    expect(withoutSeoDefaults('about', shown)).toEqual(untouched);

    const edited = { hero: { title: 'x' }, seo: { title: 'Who we are' } };
    expect(withSeoDefaults('about', edited)).toEqual({
      hero: { title: 'x' },
      seo: { title: 'Who we are', description: about.description },
    });
    expect(withoutSeoDefaults('about', withSeoDefaults('about', edited))).toEqual(edited);
    // An emptied field follows the page again.
    expect(withoutSeoDefaults('about', { seo: { title: '', description: 'Mine.' } })).toEqual({
      seo: { description: 'Mine.' },
    });
    // An emptied field shows the page's text it stands for.
    expect(seoPlaceholders('about')).toEqual({ 'seo.title': about.title, 'seo.description': about.description });
    expect(seoPlaceholders('site')).toEqual({});
    // A document without `seo` is passed through as it is.
    expect(withSeoDefaults('site', { name: 'A' })).toEqual({ name: 'A' });
  });
});
