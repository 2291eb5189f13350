import type { Job } from '@agency/contract';
import { describe, expect, it } from 'vitest';
import { jobPostingJsonLd as build } from './jsonld';

/** The JSON as a search engine reads it: any property may be asked for. */
const jobPostingJsonLd = (job: Job, origin: string) =>
  build(job, origin) as Record<string, unknown> & ReturnType<typeof build>;

const JOB: Job = {
  id: '5b0c2f0e-8a4c-4c55-9d1e-2f9a1c3b7d10',
  slug: 'devops-engineer',
  title: 'DevOps Engineer',
  location: 'kathmandu',
  employmentType: 'FULL_TIME',
  salaryMin: 1_200_000,
  salaryMax: 1_800_000,
  salaryCurrency: 'NPR',
  salaryUnit: 'YEAR',
  description: 'Run **clusters**.',
  descriptionHtml: '<p>Run <strong>clusters</strong>.</p>\n',
  status: 'open',
  open: true,
  validThrough: '2030-01-31T23:59:00.000Z',
  datePosted: '2029-12-01T09:00:00.000Z',
  createdAt: '2029-12-01T09:00:00.000Z',
  updatedAt: '2029-12-02T09:00:00.000Z',
};

describe('jobPostingJsonLd', () => {
  const origin = 'https://www.example.co.uk';

  it('carries every property Google requires and recommends, field by field', () => {
    const data = jobPostingJsonLd(JOB, origin);
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('JobPosting');
    expect(data.title).toBe('DevOps Engineer');
    expect(data.description).toBe('<p>Run <strong>clusters</strong>.</p>\n');
    expect(data.datePosted).toBe('2029-12-01T09:00:00.000Z');
    expect(data.validThrough).toBe('2030-01-31T23:59:00.000Z');
    expect(data.employmentType).toBe('FULL_TIME');
    expect(data.hiringOrganization).toEqual({
      '@type': 'Organization',
      name: 'Nexora IT Solutions',
      sameAs: 'https://www.example.co.uk/',
      logo: 'https://www.example.co.uk/favicon.svg',
    });
    expect(data.jobLocation).toEqual({
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'Putalisadak Marg, Ward 28',
        addressLocality: 'Kathmandu',
        addressRegion: 'Bagmati',
        postalCode: '44600',
        addressCountry: 'NP',
      },
    });
    expect(data).not.toHaveProperty('jobLocationType');
    expect(data.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'NPR',
      value: { '@type': 'QuantitativeValue', minValue: 1_200_000, maxValue: 1_800_000, unitText: 'YEAR' },
    });
    expect(data.identifier).toEqual({ '@type': 'PropertyValue', name: 'Nexora IT Solutions', value: JOB.id });
    expect(data.directApply).toBe(true);
    expect(data.url).toBe('https://www.example.co.uk/career/devops-engineer');
  });

  it('marks a remote opening TELECOMMUTE with the countries applicants may live in, and no place', () => {
    const data = jobPostingJsonLd({ ...JOB, location: 'remote' }, origin);
    expect(data).not.toHaveProperty('jobLocation');
    expect(data.jobLocationType).toBe('TELECOMMUTE');
    expect(data.applicantLocationRequirements).toEqual([
      { '@type': 'Country', name: 'United Kingdom' },
      { '@type': 'Country', name: 'Nepal' },
    ]);
  });

  it('names the Kent office for a Kent opening', () => {
    const data = jobPostingJsonLd({ ...JOB, location: 'kent' }, origin);
    expect((data.jobLocation as { address: object }).address).toMatchObject({
      addressRegion: 'Kent',
      addressCountry: 'GB',
    });
  });
});
