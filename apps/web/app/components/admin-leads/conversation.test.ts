import type { Delivery, LeadEvent, Person } from '@agency/contract';
import { describe, expect, it } from 'vitest';
import { conversationOf, quoteOf, replySubject } from './conversation';

const lead = {
  createdAt: '2031-01-10T09:00:00.000Z',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  subject: 'Network design',
  text: 'Please call me about a network.',
};
const staff = { id: 'a1', name: 'Alice Admin' };
const event = (
  type: LeadEvent['type'],
  at: string,
  data: Record<string, unknown>,
  actor: Person | null = staff,
): LeadEvent => ({
  type,
  at,
  actor,
  data,
});
const delivery = (id: string, state: Delivery['state'], lastError: string | null = null): Delivery => ({
  id,
  kind: 'reply',
  target: lead.email,
  state,
  attempts: state === 'sent' ? 1 : 2,
  lastError,
  createdAt: '2031-01-10T10:00:00.000Z',
  sentAt: state === 'sent' ? '2031-01-10T10:00:05.000Z' : null,
  nextAttemptAt: null,
});

describe('conversationOf', () => {
  it('is their message, then replies (with delivery state) and answers in the order they happened', () => {
    const timeline = [
      event('received', lead.createdAt, {}, null),
      event('reply_queued', '2031-01-10T10:00:00.000Z', {
        outboxId: 'o1',
        to: lead.email,
        subject: 'Your network',
        text: 'Can we call on Monday?',
      }),
      event('reply_sent', '2031-01-10T10:00:05.000Z', { outboxId: 'o1', to: lead.email }, null),
      event('note_added', '2031-01-10T10:30:00.000Z', { text: 'Not part of it' }),
      event(
        'reply_received',
        '2031-01-11T08:00:00.000Z',
        {
          messageId: '<m1@example.com>',
          from: lead.email,
          subject: 'Re: Your network',
          text: 'Monday works.\nAfter 10, please.',
          attachments: [{ id: 'f1', fileName: 'plan.pdf', size: 2048 }],
        },
        null,
      ),
      event('reply_queued', '2031-01-11T09:00:00.000Z', {
        outboxId: 'o2',
        to: lead.email,
        subject: 'Re: Your network',
        text: 'Booked.',
      }),
    ];
    const entries = conversationOf(lead, timeline, [delivery('o1', 'sent'), delivery('o2', 'retrying', 'timeout')]);
    expect(entries.map((entry) => entry.type)).toEqual(['request', 'reply', 'answer', 'reply']);
    expect(entries[0]).toMatchObject({ from: 'Grace Hopper', text: lead.text, subject: 'Network design' });
    expect(entries[1]).toMatchObject({ state: 'sent', author: staff, subject: 'Your network' });
    expect(entries[2]).toMatchObject({
      from: lead.email,
      text: 'Monday works.\nAfter 10, please.',
      attachments: [{ id: 'f1', fileName: 'plan.pdf', size: 2048 }],
    });
    expect(entries[3]).toMatchObject({ state: 'retrying', error: 'timeout' });
  });

  it('reads a reply’s state from its events when the outbox row is gone', () => {
    const timeline = [
      event('reply_queued', '2031-01-10T10:00:00.000Z', { outboxId: 'gone', to: lead.email, subject: 'S', text: 'T' }),
      event('reply_failed', '2031-01-10T10:01:00.000Z', { outboxId: 'gone', lastError: 'refused' }, null),
    ];
    expect(conversationOf(lead, timeline, [])[1]).toMatchObject({ state: 'retrying', error: 'refused' });
  });
});

describe('answering an answer', () => {
  it('quotes it line by line under who wrote it and when, with one "Re:"', () => {
    const quoted = quoteOf(
      { at: '2031-01-11T08:00:00.000Z', from: 'grace@example.com', text: 'Monday.\n\nThanks\n' },
      () => '11 Jan',
    );
    expect(quoted).toBe('On 11 Jan, grace@example.com wrote:\n> Monday.\n>\n> Thanks');
    expect(replySubject('Your network')).toBe('Re: Your network');
    expect(replySubject('RE: Your network')).toBe('RE: Your network');
  });
});
