// Leads (quotes, contact messages, job applications) as the admin inbox API returns them.
import type { LeadKind } from './options.ts';
import type { LeadStatusOf } from './lead-statuses.ts';
import type { LeadDetailExtras } from './lead-timeline.ts';
import type { LeadWork } from './lead-work.ts';

/** Items per page of GET /api/admin/{kind}. */
export const LEAD_PAGE_SIZE = 20;

export const LEAD_KIND_LABELS: Record<LeadKind, string> = {
  quotes: 'Quote requests',
  contacts: 'Contact messages',
  applications: 'Job applications',
};

/** id, createdAt, status, handled (status is not `new`), spam (status is `spam`), owner, lastActivityAt, source. */
type LeadBase = LeadWork;

/** The private file of a lead; download it from GET /api/admin/{kind}/{id}/file. */
interface LeadFile {
  fileName: string | null;
  fileSize: number | null;
  fileType: string | null;
}

export interface QuoteLead extends LeadBase, LeadFile {
  status: LeadStatusOf<'quotes'>;
  fullName: string;
  email: string;
  phone: string;
  companyName: string;
  size: string;
  contactMethod: string;
  services: string;
  description: string;
  budget: string;
  deadline: string;
  source: string;
  additionalDetails: string;
  /** null for the quote modal */
  region: 'uk' | 'nepal' | null;
  currency: string | null;
}

export interface ContactLead extends LeadBase {
  status: LeadStatusOf<'contacts'>;
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}

export interface ApplicationLead extends LeadBase, LeadFile {
  status: LeadStatusOf<'applications'>;
  name: string;
  contact: string;
  email: string;
  town: string;
  country: string;
  position: string;
  salary: string;
  currency: string;
  info: string;
  /** The job opening applied for; null for the general form. */
  jobId: string | null;
}

export interface LeadByKind {
  quotes: QuoteLead;
  contacts: ContactLead;
  applications: ApplicationLead;
}

/** GET /api/admin/{kind}/{id}: the lead with its timeline (oldest first) and its notifications. */
export type LeadDetail<K extends LeadKind = LeadKind> = LeadByKind[K] & LeadDetailExtras;

/** GET /api/admin/{kind} */
export interface LeadList<K extends LeadKind = LeadKind> {
  items: LeadByKind[K][];
  total: number;
  page: number;
  pageSize: number;
}

/** The form fields of each kind, in the order the inbox, the CSV export and the mails show them. */
export const LEAD_FIELDS = {
  quotes: [
    'fullName',
    'email',
    'phone',
    'companyName',
    'size',
    'contactMethod',
    'services',
    'budget',
    'deadline',
    'source',
    'description',
    'additionalDetails',
    'region',
    'currency',
  ],
  contacts: ['name', 'email', 'phone', 'subject', 'message'],
  applications: ['name', 'email', 'contact', 'town', 'country', 'position', 'salary', 'currency', 'info'],
} as const satisfies { [K in LeadKind]: readonly (keyof LeadByKind[K])[] };

/** Kinds whose leads can carry a file. */
export const LEAD_KINDS_WITH_FILE = ['quotes', 'applications'] as const satisfies readonly LeadKind[];

/** The page of one lead in the admin area (the agency's notification mail links there). */
export const leadAdminPath = (kind: LeadKind, id: string) => `/admin/leads/${kind}/${id}`;
