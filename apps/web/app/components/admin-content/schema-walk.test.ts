import { CONTENT_DOCUMENTS, PackagesDocumentSchema, PolicyDocumentSchema, SiteDocumentSchema } from '@agency/contract';
import { describe, expect, it } from 'vitest';
import { elementOf, emptyValue, kindOf, labelOf, shapeOf, unionIndex } from './schema-walk';

describe('reading a content schema as a form', () => {
  it('knows each field of the packages document', () => {
    const plans = shapeOf(PackagesDocumentSchema).plans!;
    expect(kindOf(plans)).toBe('list');
    const plan = shapeOf(elementOf(plans)!);
    expect(kindOf(plan.price!)).toBe('price');
    expect(kindOf(plan.currency!)).toBe('choice');
    expect(kindOf(plan.description!)).toBe('paragraph');
    expect(labelOf(plan.price!, 'price')).toBe('Price');
    expect(emptyValue(elementOf(plans)!)).toMatchObject({ price: 0, currency: 'GBP', features: [], name: '' });
  });

  it("shows a page's search and sharing fields as an optional part to add", () => {
    const seo = shapeOf(PackagesDocumentSchema).seo!;
    expect(kindOf(seo)).toBe('optional');
    expect(labelOf(seo, 'seo')).toBe('Search and sharing');
    expect(PackagesDocumentSchema.shape.seo.safeParse({}).success).toBe(true);
  });

  it('tells Markdown, unions, optional parts and images apart', () => {
    const policy = shapeOf(PolicyDocumentSchema);
    expect(kindOf(policy.intro!)).toBe('markdown');
    expect(kindOf(policy.lastUpdated!)).toBe('date');
    const block = elementOf(shapeOf(elementOf(policy.sections!)!).body!)!;
    expect(kindOf(block)).toBe('union');
    expect(unionIndex(block, 'text')).toBe(0);
    expect(unionIndex(block, { list: ['a'] })).toBe(1);
    const office = shapeOf(elementOf(shapeOf(SiteDocumentSchema).offices!)!);
    expect(kindOf(office.phone!)).toBe('text');
    expect(labelOf(office.phone!, 'phone')).toBe('Phone');
  });

  it('finds no field it cannot show in any document', () => {
    const unknown: string[] = [];
    const walk = (schema: Parameters<typeof kindOf>[0], path: string) => {
      const kind = kindOf(schema);
      if (kind === 'unknown') unknown.push(path);
      if (kind === 'object' || kind === 'image')
        for (const [key, field] of Object.entries(shapeOf(schema))) walk(field, `${path}.${key}`);
      if (kind === 'list') walk(elementOf(schema)!, `${path}[]`);
    };
    for (const entry of CONTENT_DOCUMENTS) walk(entry.schema, entry.key);
    expect(unknown).toEqual([]);
  });
});
