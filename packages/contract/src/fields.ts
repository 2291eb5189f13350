// Human names of form fields, used in the sentences that name a bad field.

export const FIELD_LABELS: Record<string, string> = {
  fullName: 'Full name',
  name: 'Name',
  email: 'Email',
  phone: 'Phone',
  companyName: 'Company name',
  size: 'Company size',
  contactMethod: 'Contact method',
  services: 'Service',
  description: 'Project description',
  budget: 'Budget',
  deadline: 'Deadline',
  source: 'How you heard about us',
  additionalDetails: 'Additional details',
  region: 'Region',
  currency: 'Currency',
  subject: 'Subject',
  message: 'Message',
  contact: 'Contact number',
  town: 'Town',
  country: 'Country',
  position: 'Position',
  salary: 'Expected salary',
  info: 'Additional information',
  resume: 'CV',
  file: 'File',
  password: 'Password',
  title: 'Title',
  content: 'Content',
  imageUrl: 'Image',
  imageAlt: 'Image description',
  alt: 'Image description',
  slug: 'Address (slug)',
  excerpt: 'Excerpt',
  seoTitle: 'Headline in search results',
  seoDescription: 'Summary in search results',
  socialImageUrl: 'Social image',
  socialImageAlt: 'Social image description',
  tags: 'Tags',
  tag: 'Tag',
  publishedAt: 'Publication time',
  jobId: 'Job opening',
  location: 'Location',
  employmentType: 'Employment type',
  salaryMin: 'Lowest salary',
  salaryMax: 'Highest salary',
  salaryCurrency: 'Salary currency',
  salaryUnit: 'Salary period',
  validThrough: 'Open until',
  status: 'Status',
  refreshToken: 'Refresh token',
  role: 'Role',
  handled: 'Handled',
  q: 'Search',
  page: 'Page',
  currentPassword: 'Current password',
  newPassword: 'New password',
  token: 'Reset link',
  code: 'Code',
  recoveryCode: 'Recovery code',
  challengeToken: 'Sign-in step',
  required: 'Required',
  sourcePath: 'Sent from page',
  referrer: 'Referrer',
  utmSource: 'UTM source',
  utmMedium: 'UTM medium',
  utmCampaign: 'UTM campaign',
};

export const labelOf = (field: string): string => FIELD_LABELS[field] ?? field;

export const requiredMessage = (field: string) => `${labelOf(field)} is required`;
export const tooLongMessage = (field: string, max: number) => `${labelOf(field)} must be at most ${max} characters`;
export const invalidTextMessage = (field: string) => `${labelOf(field)} contains characters that are not allowed`;
export const optionMessage = (field: string) => `${labelOf(field)} is not one of the offered options`;
export const notTextMessage = (field: string) => `${labelOf(field)} must be text`;

/** What an email address answers when it is not one (the schemas' check, and a page's plain script before React). */
export const INVALID_EMAIL_MESSAGE = 'Email must be a valid email address';
/**
 * What an email address must look like: zod's own check (`z.regexes.email`, which the schemas apply), written
 * here as a pattern so a public page's plain script checks it without loading zod (fields.test.ts keeps them equal).
 */
export const EMAIL_PATTERN =
  "^(?:[A-Za-z0-9_'+\\-]+\\.)*[A-Za-z0-9_'+\\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\\-]*\\.)+[A-Za-z]{2,}$";
