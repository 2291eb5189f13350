import type { MetaDescriptor } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pageById } from '~/content/pages';
import { SITE } from '@agency/contract/content/site.ts';
import { documentSeo } from './seo';

const content = (tags: MetaDescriptor[], key: string, name: 'name' | 'property' = 'name') =>
  (tags.find((tag) => (tag as Record<string, string>)[name] === key) as { content?: string } | undefined)?.content;
const title = (tags: MetaDescriptor[]) => (tags.find((tag) => 'title' in tag) as { title: string }).title;

describe('documentSeo', () => {
  it("keeps the page list's texts while the document holds none", () => {
    const about = pageById('about');
    const tags = documentSeo('about', { content: {}, site: { name: SITE.name } });
    expect(title(tags)).toBe(`${about.title} | ${SITE.name}`);
    expect(content(tags, 'description')).toBe(about.description);
    expect(content(tags, 'og:site_name', 'property')).toBe(SITE.name);
  });

  it("takes the published document's search title and description into the title, description and social tags", () => {
    const tags = documentSeo('about', {
      content: { seo: { title: 'Who we are', description: 'Twelve people in London and Kathmandu.' } },
      site: { name: 'Nexora IT' },
    });
    expect(title(tags)).toBe('Who we are | Nexora IT');
    expect(content(tags, 'og:title', 'property')).toBe('Who we are | Nexora IT');
    expect(content(tags, 'twitter:title')).toBe('Who we are | Nexora IT');
    expect(content(tags, 'og:site_name', 'property')).toBe('Nexora IT');
    for (const [key, attribute] of [
      ['description', 'name'],
      ['og:description', 'property'],
      ['twitter:description', 'name'],
    ] as const) {
      expect(content(tags, key, attribute)).toBe('Twelve people in London and Kathmandu.');
    }
  });

  it('keeps the usual title when only the description is set, and the home page puts the name first', () => {
    const home = pageById('home');
    const tags = documentSeo('home', { content: { seo: { description: 'Only this.' } }, site: { name: SITE.name } });
    expect(title(tags)).toBe(`${SITE.name} | ${home.title}`);
    expect(content(tags, 'description')).toBe('Only this.');
  });
});
