// Markdown fields are stripped of HTML on save to a fixed point (issue 31): nested and broken tags leave no tag.
import { describe, expect, it } from 'vitest';
import { fieldLabel } from './content-labels.ts';
import { PackagesDocumentSchema, PolicyDocumentSchema, stripHtml } from './site-content.ts';

const ATTACKS = [
  '<<b>img src=x onerror=alert(8)>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<<<i>b>i>mg src=x onerror=alert(2)>',
  '<img src=x onerror=alert(3)',
  '<!-- <img src=x onerror=alert(4)> -->',
  '[a](javascript:alert(5)) [b](jav&#x09;ascript:alert(6)) [c](&#106;avascript&colon;alert(7)) [d](jajavascript:vascript:x)',
  '&#60;img src=x onerror=alert(9)&#62;',
];

describe('stripHtml', () => {
  it('leaves no tag and no script link, and changes nothing the second time', () => {
    for (const attack of ATTACKS) {
      const once = stripHtml(`Text ${attack} end`);
      expect(once, attack).not.toMatch(/<\s*[a-z!/?]/i);
      expect(once, attack).not.toMatch(/(java|vb)\s*script\s*:/i);
      expect(stripHtml(once), attack).toBe(once);
    }
  });

  it('keeps Markdown as written', () => {
    const text = '### Title\n\n**bold** and [a link](/packages) > quoted, 3 < 4, © 2026';
    expect(stripHtml(text)).toBe(text);
  });
});

describe('fieldLabel', () => {
  const packages = {
    plans: [
      { name: 'Starter', price: 1 },
      { name: '', price: 2 },
    ],
  };
  it('names a field by its labels and a list item by its title', () => {
    expect(fieldLabel(PackagesDocumentSchema, packages, 'plans.0.price')).toBe('Plans → Starter → Price');
    expect(fieldLabel(PackagesDocumentSchema, packages, 'plans.1.name')).toBe('Plans → Plan 2 → Plan name');
    expect(fieldLabel(PackagesDocumentSchema, packages, 'categories')).toBe('Categories');
    expect(fieldLabel(PackagesDocumentSchema, packages, '')).toBe('The whole document');
    const policy = { sections: [{ title: 'Cookies', body: ['Text', { list: ['One'] }] }] };
    expect(fieldLabel(PolicyDocumentSchema, policy, 'sections.0.body.1.list.0')).toBe(
      'Sections → Cookies → Blocks → Block 2 → List → One',
    );
  });
});
