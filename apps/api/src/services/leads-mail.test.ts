import { describe, expect, it } from 'vitest';
import { leadMails } from './leads-mail.ts';
import { backoffSeconds } from './outbox.ts';

const config = {
  siteUrl: 'https://agency.test',
  mailFrom: 'Nexora <no-reply@agency.test>',
  leadsTo: { default: 'leads@agency.test', uk: 'uk@agency.test', nepal: undefined },
};
const quote = {
  fullName: 'Ada',
  email: 'ada@example.com',
  companyName: 'Engines',
  region: null,
  description: 'one\ntwo',
};

describe('leadMails', () => {
  it('sends regional quotes to their own inbox when one is set, else to LEADS_TO', () => {
    const uk = leadMails({ kind: 'quotes', id: 'x', fields: { ...quote, region: 'uk' } }, config);
    expect(uk.find((m) => m.purpose === 'notification')?.to).toBe('uk@agency.test');
    const nepal = leadMails({ kind: 'quotes', id: 'x', fields: { ...quote, region: 'nepal' } }, config);
    expect(nepal.find((m) => m.purpose === 'notification')?.to).toBe('leads@agency.test');
  });

  it('skips the notification when no inbox is configured, still confirming to the visitor', () => {
    const rows = leadMails(
      { kind: 'contacts', id: 'x', fields: { name: 'Grace', email: 'grace@example.com', subject: 'Hi' } },
      { ...config, leadsTo: { default: undefined, uk: undefined, nepal: undefined } },
    );
    expect(rows.map((r) => [r.purpose, r.to])).toEqual([['confirmation', 'grace@example.com']]);
    expect(rows[0]?.body).toMatch(/^Hello,\n/);
    expect(rows[0]?.body).not.toContain('Grace');
    expect(rows[0]?.body).not.toContain('Hi');
    expect(rows[0]?.body).toContain('Nexora');
  });

  it('puts every filled field, the file and the admin link in the notification; subjects stay on one line', () => {
    const [note] = leadMails(
      {
        kind: 'applications',
        id: 'abc',
        fields: { name: 'Li\r\nBcc: x@evil.example', email: 'li@example.com', position: 'DevOps Engineer', info: '' },
        file: { name: 'cv.pdf', size: 10, type: 'application/pdf' },
      },
      config,
    );
    expect(note?.subject).toBe('New job application: DevOps Engineer from Li Bcc: x@evil.example');
    expect(note?.body).toContain('Position: DevOps Engineer');
    expect(note?.body).not.toContain('Additional information');
    expect(note?.body).toContain('CV: cv.pdf (10 bytes, application/pdf)');
    expect(note?.body).toContain('https://agency.test/admin/leads/applications/abc');
    const [quoteNote] = leadMails({ kind: 'quotes', id: 'q', fields: quote }, config);
    expect(quoteNote?.body).toContain('Project description:\n  one\n  two');
  });
});

describe('backoffSeconds', () => {
  it('doubles from 5 s and stops at one hour', () => {
    expect([1, 2, 3].map((attempts) => backoffSeconds(attempts))).toEqual([10, 20, 40]);
    expect(backoffSeconds(30)).toBe(3600);
  });

  it('doubles from the configured base (OUTBOX_RETRY_BASE_SECONDS), still at most an hour', () => {
    expect([1, 2, 3, 4].map((attempts) => backoffSeconds(attempts, 0.1))).toEqual([0.2, 0.4, 0.8, 1.6]);
    expect(backoffSeconds(30, 0.1)).toBe(3600);
  });
});
