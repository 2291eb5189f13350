// Where a lead came from: the optional source fields of the three public POSTs.
import { z } from 'zod';
import { boundedString } from './text.ts';

export const SOURCE_LENGTH = { path: 500, referrer: 500, utm: 200 } as const;

const optionalBounded = (field: string, max: number) =>
  boundedString(field, max)
    .trim()
    .optional()
    .transform((value) => value || null);

/** The origin of an http(s) URL, or null for an empty value; anything else is refused. */
const referrerOrigin = optionalBounded('referrer', SOURCE_LENGTH.referrer).transform((value, ctx) => {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // reported below
  }
  ctx.addIssue({ code: 'custom', message: 'Referrer must be an http(s) URL' });
  return z.NEVER;
});

/**
 * `sourcePath`, `referrer`, `utmSource`, `utmMedium`, `utmCampaign` of POST /api/request-quote, /api/contact
 * and /api/jobs/apply. All optional; the referrer is kept as its origin only.
 */
export const LeadSourceSchema = z.object({
  sourcePath: optionalBounded('sourcePath', SOURCE_LENGTH.path).refine(
    (value) => value === null || value.startsWith('/'),
    'Source path must start with /',
  ),
  referrer: referrerOrigin,
  utmSource: optionalBounded('utmSource', SOURCE_LENGTH.utm),
  utmMedium: optionalBounded('utmMedium', SOURCE_LENGTH.utm),
  utmCampaign: optionalBounded('utmCampaign', SOURCE_LENGTH.utm),
});
export type LeadSourceInput = z.input<typeof LeadSourceSchema>;
export type LeadSource = z.output<typeof LeadSourceSchema>;
export const LEAD_SOURCE_FIELDS = ['sourcePath', 'referrer', 'utmSource', 'utmMedium', 'utmCampaign'] as const;
