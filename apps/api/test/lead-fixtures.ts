// Builders shared by the lead API tests: valid payloads, multipart bodies, an admin token.
import { randomUUID } from 'node:crypto';
import { schema } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import { startSession } from '../src/services/sessions.ts';

export const MODAL_QUOTE = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  phone: '07700900123',
  companyName: 'Analytical Engines Ltd',
  size: 'Small (1-4)',
  contactMethod: 'Email',
  services: 'Website Development',
  description: 'A new website for our engines.',
  budget: '£1,500 - £5,000',
  deadline: '2030-01-31',
  source: 'Referral',
  additionalDetails: 'Nothing else.',
  loading: 'true',
  success: 'false',
};

export const CONTACT = {
  name: 'Grace Hopper',
  email: 'grace@example.com',
  message: 'Please call me about a network.',
  phone: '+44 20 7946 0000',
  subject: 'Network design',
  loading: true,
  success: false,
};

export const APPLICATION = {
  name: 'Linus Example',
  contact: '9800000000',
  email: 'linus@example.com',
  town: 'Lalitpur',
  country: 'Nepal',
  position: 'DevOps Engineer',
  salary: '80000',
  info: 'I like pipelines.',
  currency: 'NPR',
};

export const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export interface FilePart {
  field: string;
  name: string;
  type: string;
  data: Buffer;
}

/** A real multipart/form-data body, serialised the way a browser's FormData is. */
export async function multipart(fields: Record<string, string>, files: FilePart[] = []) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files)
    form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** A bearer header for a fresh account with `role`. */
export async function tokenFor(app: FastifyInstance, role: 'admin' | 'editor' | 'pending' = 'admin') {
  const [user] = await app.db
    .insert(schema.users)
    .values({ name: `${role} user`, email: `${role}-${randomUUID()}@agency.test`, passwordHash: 'not-used', role })
    .returning({ id: schema.users.id });
  if (!user) throw new Error('user not created');
  const { sessionId } = await startSession(app.db, user.id, null);
  return { authorization: `Bearer ${await app.signAccessToken({ id: user.id, role }, sessionId)}` };
}

/** A job opening as an editor posts it (its description carries a script the page must not run). */
const OPENING = {
  title: 'Senior DevOps Engineer',
  location: 'kathmandu',
  employmentType: 'FULL_TIME',
  salaryMin: 1_200_000,
  salaryMax: 1_800_000,
  salaryCurrency: 'NPR',
  salaryUnit: 'YEAR',
  description: '## The role\n\nRun our **Kubernetes** clusters.<script>alert(1)</script>',
  status: 'open',
};

const inAMonth = () => new Date(Date.now() + 30 * 24 * 60 * 60 * 1000).toISOString();

/** OPENING, open for the next month, with the given fields changed. */
export const openingPayload = (changes: object = {}) => ({ ...OPENING, validThrough: inAMonth(), ...changes });
