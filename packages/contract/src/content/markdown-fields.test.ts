import { describe, expect, it } from 'vitest';
import { markdownToText, renderContentMarkdown, renderMarkdown } from '../markdown.ts';
import { CONTENT_DOCUMENTS, mapMarkdownFields, type PolicyDocument } from '../site-content.ts';
import { CONTENT_DEFAULTS } from './defaults.ts';

/** One paragraph of text; the only tag GFM adds to a plain text is the link of an e-mail address it names. */
const ONE_PARAGRAPH = /^<p>(?:[^<]|<a href="mailto:[^"<>]+">[^<]*<\/a>)*<\/p>\n?$/;

const markdownOf = (key: string): string[] => {
  const sources: string[] = [];
  const entry = CONTENT_DOCUMENTS.find((candidate) => candidate.key === key);
  mapMarkdownFields(entry!.schema, CONTENT_DEFAULTS[key], (markdown) => {
    sources.push(markdown);
    return markdown;
  });
  return sources;
};

describe('Markdown fields of content documents', () => {
  it('finds the Markdown fields the schemas mark (policy paragraphs and list items, FAQ answers, …)', () => {
    const privacy = CONTENT_DEFAULTS.privacy as PolicyDocument;
    const listItems = privacy.sections.flatMap((section) =>
      section.body.flatMap((block) => (typeof block === 'string' ? [] : block.list)),
    );
    expect(listItems.length).toBeGreaterThan(0);
    expect(markdownOf('privacy')).toEqual(expect.arrayContaining([privacy.intro, ...listItems]));
    expect(markdownOf('service/cloud-services').length).toBeGreaterThan(0);
    expect(markdownOf('home').length).toBeGreaterThan(0);
    // Text fields are not Markdown.
    expect(markdownOf('packages')).toEqual([]);
  });

  it.each(CONTENT_DOCUMENTS.map((entry) => [entry.key] as const))(
    'every Markdown field of the default %s renders to one paragraph of the same text (an e-mail address becomes its mailto: link)',
    (key) => {
      for (const source of markdownOf(key)) {
        const html = renderMarkdown(source);
        expect(html, source).toMatch(ONE_PARAGRAPH);
        expect(markdownToText(source)).toBe(source.replace(/\s+/g, ' ').trim());
      }
    },
  );

  it('renders Markdown fields as posts are, with script stripped, and leaves other fields alone', () => {
    const privacy = CONTENT_DEFAULTS.privacy as PolicyDocument;
    const edited: PolicyDocument = {
      ...privacy,
      intro: 'We **never** sell data. <script>alert(1)</script>\n\n- one\n- [two](/about)',
      sections: [{ ...privacy.sections[0]!, title: 'Plain **title**', body: [{ list: ['An *item*'] }] }],
    };
    const rendered = renderContentMarkdown('privacy', edited);
    expect(rendered.intro).toBe(renderMarkdown(edited.intro));
    expect(rendered.intro).toContain('<strong>never</strong>');
    expect(rendered.intro).toContain('<li><a href="/about">two</a></li>');
    expect(rendered.intro).not.toMatch(/script|alert/);
    expect(rendered.sections[0]!.title).toBe('Plain **title**');
    expect(rendered.sections[0]!.body).toEqual([{ list: ['<p>An <em>item</em></p>\n'] }]);
    expect(rendered.lastUpdated).toBe(privacy.lastUpdated);
  });
});
