import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES, passwordProblem, siteWordsOf } from './password-strength.ts';

describe('siteWordsOf', () => {
  it('gives the name, the short name and the domain as letters and digits, without www. and IP addresses', () => {
    expect(siteWordsOf({ name: 'Nexora IT Solutions', shortName: 'Nexora' }, 'https://www.nexorait.co.uk')).toEqual([
      'nexoraitsolutions',
      'nexora',
      'nexoraitcouk',
      'nexorait',
    ]);
    expect(siteWordsOf({ name: 'IT' }, 'http://127.0.0.1:4173')).toEqual([]);
    expect(siteWordsOf({}, 'not a url')).toEqual([]);
  });
});

describe('passwordProblem', () => {
  const site = siteWordsOf({ name: 'Nexora IT Solutions', shortName: 'Nexora' }, 'https://nexorait.co.uk');

  it('refuses the site’s words and famous passphrases, however they are spaced or cased', async () => {
    expect(await passwordProblem('my NEXORA owls 42 fly', {}, site)).toBe(PASSWORD_MESSAGES.containsSite);
    expect(await passwordProblem('nexorait.co.uk forever', {}, site)).toBe(PASSWORD_MESSAGES.containsSite);
    expect(await passwordProblem('Correct-Horse-Battery-Staple', {}, site)).toBe(PASSWORD_MESSAGES.famous);
    expect(await passwordProblem('correcthorsebatterystaple1!')).toBe(PASSWORD_MESSAGES.famous);
  });

  it('accepts words of one’s own', async () => {
    expect(await passwordProblem('quiet lantern orbits granite 71', {}, site)).toBeNull();
  });
});
