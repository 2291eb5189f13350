import { describe, expect, it } from 'vitest';
import { CONTENT_DOCUMENTS, CONTENT_KEYS } from '../site-content.ts';
import { CONTENT_DEFAULTS } from './defaults.ts';

describe('content documents', () => {
  it('has a default for every registered key and no other', () => {
    expect(Object.keys(CONTENT_DEFAULTS).sort()).toEqual([...CONTENT_KEYS].sort());
    expect(CONTENT_KEYS).toContain('service/cloud-services');
  });

  it.each(CONTENT_DOCUMENTS.map((entry) => [entry.key, entry] as const))(
    'the default of %s passes its schema unchanged',
    (key, entry) => {
      const result = entry.schema.safeParse(CONTENT_DEFAULTS[key]);
      expect(result.error?.issues ?? []).toEqual([]);
      expect(result.data).toEqual(CONTENT_DEFAULTS[key]);
    },
  );
});
