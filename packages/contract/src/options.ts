// Select options of every form (docs/product.md section 3). Each list is written once, here.

export const NOT_SPECIFIED = 'Not Specified';
/** Placeholder option shown first in the quote selects. */
export const SELECT_PLACEHOLDER = 'Option';
/** Placeholder option of the career form's selects. */
export const CAREER_SELECT_PLACEHOLDER = 'Options';

export const COMPANY_SIZES = ['Small (1-4)', 'Medium (5-25)', 'Large (26 or above)'] as const;

export const CONTACT_METHODS = ['Email', 'Phone'] as const;

export const SERVICES = [
  'Custom Software Development',
  'Website Development',
  'Network Design and Implementation',
  'VPN Setup and Management',
  'Server Installation and Management',
  'Server Monitoring',
  'Standalone Firewall Appliance Installation and Management',
  'Dedicated and Secure Email Solution',
  'Secure Network Drives for Customer',
  'SharePoint Solution for Document Management',
  'Regular Backup of All Customer Data',
  'Desktop Visualization for Accounting Software',
  'Enterprise-Grade Wifi Access Point Installation',
  'License Management',
  'Cloud Computing Solutions',
  'Cloud Storage Backup',
  'Cloud Migration or Hybrid Solution',
  'Database Management',
  'Data Visualization and Reporting',
  'Software and Hardware Troubleshooting',
  'System Upgrades and Patch Management',
  'On-Site IT Support',
  'Remote Based IT Support',
] as const;

export const BUDGETS_GBP = [
  'Under £500',
  '£500 - £1,500',
  '£1,500 - £5,000',
  '£5,000 - £10,000',
  '£10,000 - £20,000',
  'Over £20,000',
] as const;

export const BUDGETS_NPR = [
  'Under NPR 50,000',
  'NPR 50,000 - NPR 150,000',
  'NPR 150,000 - NPR 500,000',
  'NPR 500,000 - NPR 1,000,000',
  'NPR 1,000,000 - NPR 2,000,000',
  'Over NPR 2,000,000',
] as const;

/** Stored values of "how did you hear about us". */
export const SOURCES = [
  'Referral',
  'Online Search',
  'Social Media',
  'Advertisement',
  'BusinessPartner',
  'Friends',
  'Other',
] as const;

/** Labels the regional forms show for a source value (the modal shows the value itself). */
export const REGIONAL_SOURCE_LABELS: Record<(typeof SOURCES)[number], string> = {
  Referral: 'Referral',
  'Online Search': 'Online Search',
  'Social Media': 'Social Media',
  Advertisement: 'Advertisement',
  BusinessPartner: 'Business Partner',
  Friends: 'Friends',
  Other: 'Other',
};

export const CAREER_POSITIONS = [
  'Graphics Designer',
  'Digital Marketing',
  'MERN Stack Developer',
  'DevOps Engineer',
] as const;

export const CURRENCIES = ['GBP', 'USD', 'NPR'] as const;

export const REGIONS = ['uk', 'nepal'] as const;
export type Region = (typeof REGIONS)[number];

/** Currency and budget list of each regional quote form. */
export const REGION_SETTINGS = {
  uk: { currency: 'GBP', budgets: BUDGETS_GBP, label: 'United Kingdom', path: '/quote-uk' },
  nepal: { currency: 'NPR', budgets: BUDGETS_NPR, label: 'Nepal', path: '/quote-nepal' },
} as const;

export const ROLES = ['admin', 'editor', 'sales', 'pending'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who may do what (issue 32 point 7), the one list the server's route guards and the admin navigation read:
 * `leads` is the sales desk (dashboard, leads, people, follow-ups, replies, templates, the board), `content`
 * the site (posts, pages, media, jobs); everything else (team, privacy tools, backups, the audit log) is
 * `admin` only.
 */
export const ROLE_ACCESS = {
  leads: ['admin', 'sales'],
  content: ['admin', 'editor'],
  admin: ['admin'],
} as const satisfies Record<string, readonly Role[]>;
export const ROLE_LABELS: Record<Role, string> = {
  admin: 'Admin',
  editor: 'Editor',
  sales: 'Sales',
  pending: 'Pending approval',
};
/** The roles that may own a lead (be assigned it, set its follow-ups). */
export const LEAD_OWNER_ROLES = ROLE_ACCESS.leads;

export const BLOG_STATUSES = ['draft', 'published', 'scheduled'] as const;
export type BlogStatus = (typeof BLOG_STATUSES)[number];

export const LEAD_KINDS = ['quotes', 'contacts', 'applications'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];
