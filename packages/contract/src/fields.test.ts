// Every field a message names is named by its label, not by its key (issue 9: "tag contains characters…").
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BlogListQuerySchema } from './api.ts';
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from './fields.ts';
import { LeadSourceSchema } from './lead-source.ts';
import { EmailSchema } from './schemas.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('field labels in messages', () => {
  it('names the blog query fields and the lead source fields by their labels', () => {
    expect(messages(BlogListQuerySchema.safeParse({ tag: 'a\u0000', q: 'b\u0000' }))).toEqual([
      'Search contains characters that are not allowed',
      'Tag contains characters that are not allowed',
    ]);
    const long = 'x'.repeat(600);
    expect(
      messages(
        LeadSourceSchema.safeParse({
          sourcePath: `/${long}`,
          referrer: `https://${long}`,
          utmSource: long,
          utmMedium: long,
          utmCampaign: long,
        }),
      ),
    ).toEqual([
      'Sent from page must be at most 500 characters',
      'Referrer must be at most 500 characters',
      'UTM source must be at most 200 characters',
      'UTM medium must be at most 200 characters',
      'UTM campaign must be at most 200 characters',
    ]);
  });
});

describe('the email pattern a plain script checks', () => {
  it('is zod’s own email check, which the schemas apply', () => {
    expect(EMAIL_PATTERN).toBe(z.regexes.email.source);
    expect(messages(EmailSchema.safeParse('asha@'))).toEqual([INVALID_EMAIL_MESSAGE]);
    expect(new RegExp(EMAIL_PATTERN).test('asha@example.com')).toBe(true);
  });
});
