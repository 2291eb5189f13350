// The forms' local checks give the same answer the server would, and failures map to one shape.
import { ContactSchema, JobApplicationSchema, QuoteRequestSchema } from '@agency/contract';
import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '~/lib/api';
import { checkLocally } from '~/lib/send-kit';
import { answerOf, toFormData, withFieldError } from './form-state';

describe('checkLocally', () => {
  it('passes a valid contact message', () => {
    expect(checkLocally(ContactSchema, { name: 'Ram', email: 'ram@example.com', subject: 'Hi' })).toBeNull();
  });

  it('names the bad field in the sentence and in fields', () => {
    expect(checkLocally(ContactSchema, { name: 'Ram', email: 'not-an-email', subject: 'Hi' })).toEqual({
      error: 'Email must be a valid email address',
      fields: { email: 'Email must be a valid email address' },
    });
  });

  it('asks for an empty career position by name', () => {
    const answer = checkLocally(JobApplicationSchema, {
      name: 'Maya',
      contact: '98',
      email: 'maya@example.com',
      town: 'Patan',
      country: 'Nepal',
      position: '',
      salary: '1',
      currency: 'NPR',
    });
    expect(answer?.fields).toEqual({ position: 'Position is required' });
  });

  it('accepts a regional quote with only the four required fields', () => {
    const quote = {
      fullName: 'Tom',
      email: 't@example.com',
      phone: '1',
      companyName: 'B',
      region: 'uk',
      currency: 'GBP',
    };
    expect(checkLocally(QuoteRequestSchema, quote)).toBeNull();
  });
});

describe('answerOf', () => {
  it("keeps the server's answer", () => {
    const body = { error: 'Too many requests. Please try again later.' };
    expect(answerOf(new ApiRequestError(429, body), 'fallback')).toBe(body);
  });

  it('falls back when there was no answer or another failure', () => {
    expect(answerOf(new ApiRequestError(0, null), 'Something went wrong')).toEqual({ error: 'Something went wrong' });
    expect(answerOf(new TypeError('boom'), 'Something went wrong')).toEqual({ error: 'Something went wrong' });
  });
});

describe('toFormData', () => {
  it('sends every text value, files with their names, and leaves out null parts', () => {
    const file = new File(['cv'], 'cv.pdf', { type: 'application/pdf' });
    const data = toFormData({ name: 'Maya', info: '' }, { resume: file, file: null, hp_website: '' });
    expect([...data.keys()]).toEqual(['name', 'info', 'resume', 'hp_website']);
    expect((data.get('resume') as File).name).toBe('cv.pdf');
    expect(data.get('info')).toBe('');
  });
});

describe('withFieldError', () => {
  it('is null when neither the schema nor the extra check complains', () => {
    expect(withFieldError(null, 'file', undefined)).toBeNull();
  });

  it("adds the extra error after the schema's, whose sentence wins", () => {
    const invalid = { error: 'Email is required', fields: { email: 'Email is required' } };
    expect(withFieldError(invalid, 'file', 'Too big')).toEqual({
      error: 'Email is required',
      fields: { email: 'Email is required', file: 'Too big' },
    });
  });

  it('uses the extra error as the sentence when it is the only one', () => {
    expect(withFieldError(null, 'resume', 'Wrong type')).toEqual({
      error: 'Wrong type',
      fields: { resume: 'Wrong type' },
    });
  });
});
