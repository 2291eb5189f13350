// The rules a public form's first answer follows before its island runs (public-form.enhance.ts): the same
// message as the island, for the same first missing (or malformed) field.
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE, JobApplicationSchema, validationError } from '@agency/contract';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CAREER_FORM_INITIAL, CareerForm } from './career-form';
import { ContactForm } from './contact-form';
import { type MissingRule, firstMissing, toastRules } from './public-form.enhance';

const rulesOf = (html: string) =>
  JSON.parse(
    (/data-missing-rules="([^"]*)"/.exec(html)?.[1] ?? '[]').replaceAll('&quot;', '"').replaceAll('&amp;', '&'),
  ) as MissingRule[];

describe('a form’s first answer before its island runs', () => {
  it('names a malformed email address with the contract’s sentence, after the missing fields', () => {
    const rules = rulesOf(renderToString(<ContactForm />));
    const values = (email: string) => (field: string) => ({ name: 'Asha', subject: 'Tea', email })[field] ?? '';
    expect(firstMissing(rules, values(''))?.message).toBe('Please fill all the fields');
    expect(firstMissing(rules, values('asha@'))?.message).toBe(INVALID_EMAIL_MESSAGE);
    expect(firstMissing(rules, values('asha@example.com'))).toBeNull();
    // The island itself toasts only the missing fields; it names a malformed address next to its field.
    expect(toastRules(rules).some((rule) => rule.pattern === EMAIL_PATTERN)).toBe(false);
  });

  it('answers the career form with the message the island shows first, field by field, the CV last', () => {
    const rules = rulesOf(renderToString(<CareerForm />));
    const check = (values: Record<string, string>) => {
      const result = JobApplicationSchema.safeParse({ ...values, website: '' });
      return result.success ? null : validationError(result.error.issues).error;
    };
    let values: Record<string, string> = { ...CAREER_FORM_INITIAL };
    // Fill the fields one by one in the order the island names them: the plain answer follows it each time.
    for (let step = 0; step < 12 && check(values); step++) {
      const island = check(values);
      expect(firstMissing(rules, (field) => values[field] ?? '')?.message).toBe(island);
      const field = Object.keys(values).find((key) => !values[key]) ?? 'email';
      values = {
        ...values,
        [field]:
          field === 'email'
            ? 'maya@example.com'
            : field === 'position'
              ? 'DevOps Engineer'
              : field === 'currency'
                ? 'NPR'
                : 'x',
      };
    }
    expect(firstMissing(rules, (field) => values[field] ?? '')?.message).toBe('CV is required');
    expect(rules.every((rule) => rule.island)).toBe(true);
  });
});
