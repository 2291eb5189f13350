// The admin area's sections: the navigation, the routes (routes.ts) and who may open each come from
// this one list. A new section is one entry here plus its route module.
import { ACCOUNT_PATHS, type Role, ROLE_ACCESS } from '@agency/contract';
import { ADMIN_PATH } from './pages.ts';

export interface AdminSection {
  id: string;
  /** `/admin` or a path under it; every deeper path belongs to the section too (the lead page to Leads). */
  path: string;
  label: string;
  /** Route module, relative to app/. */
  file: string;
  /** Who sees it in the navigation and may open it; the server checks again. */
  roles: readonly Exclude<Role, 'pending'>[];
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: 'dashboard', path: ADMIN_PATH, label: 'Dashboard', file: 'routes/admin/home.tsx', roles: ROLE_ACCESS.leads },
  {
    id: 'leads',
    path: `${ADMIN_PATH}/leads`,
    label: 'Leads',
    file: 'routes/admin/leads.tsx',
    roles: ROLE_ACCESS.leads,
  },
  {
    id: 'board',
    path: `${ADMIN_PATH}/board`,
    label: 'Board',
    file: 'routes/admin/board.tsx',
    roles: ROLE_ACCESS.leads,
  },
  {
    id: 'blog',
    path: `${ADMIN_PATH}/blog`,
    label: 'Manage Blogs',
    file: 'routes/admin/blog.tsx',
    roles: ROLE_ACCESS.content,
  },
  {
    id: 'content',
    path: `${ADMIN_PATH}/content`,
    label: 'Content',
    file: 'routes/admin/content.tsx',
    roles: ROLE_ACCESS.content,
  },
  {
    id: 'media',
    path: `${ADMIN_PATH}/media`,
    label: 'Media',
    file: 'routes/admin/media.tsx',
    roles: ROLE_ACCESS.content,
  },
  {
    id: 'jobs',
    path: `${ADMIN_PATH}/jobs`,
    label: 'Jobs',
    file: 'routes/admin/jobs.tsx',
    roles: ROLE_ACCESS.content,
  },
  { id: 'team', path: `${ADMIN_PATH}/team`, label: 'Team', file: 'routes/admin/team.tsx', roles: ROLE_ACCESS.admin },
  {
    id: 'privacy',
    path: `${ADMIN_PATH}/privacy`,
    label: 'Privacy',
    file: 'routes/admin/privacy.tsx',
    roles: ROLE_ACCESS.admin,
  },
  {
    id: 'audit',
    path: `${ADMIN_PATH}/audit`,
    label: 'Audit',
    file: 'routes/admin/audit.tsx',
    roles: ROLE_ACCESS.admin,
  },
  {
    id: 'account',
    path: ACCOUNT_PATHS.account,
    label: 'Account',
    file: 'routes/admin/account.tsx',
    roles: ['admin', 'editor', 'sales'],
  },
];

/** Admin pages outside the navigation, each inside a section by its path. */
export const ADMIN_PAGES = [
  { id: 'admin-lead', path: `${ADMIN_PATH}/leads/:kind/:id`, file: 'routes/admin/lead.tsx' },
  { id: 'admin-person', path: `${ADMIN_PATH}/leads/person`, file: 'routes/admin/person.tsx' },
  { id: 'admin-follow-ups', path: `${ADMIN_PATH}/leads/follow-ups`, file: 'routes/admin/follow-ups.tsx' },
  { id: 'admin-reply-templates', path: `${ADMIN_PATH}/leads/templates`, file: 'routes/admin/reply-templates.tsx' },
  // A document key may hold a slash (service/cloud-services): the rest of the path is the key.
  { id: 'admin-content-document', path: `${ADMIN_PATH}/content/*`, file: 'routes/admin/content-document.tsx' },
] as const;

/** The sections `role` may open, in navigation order. */
export const sectionsFor = (role: Role): AdminSection[] =>
  ADMIN_SECTIONS.filter((section) => (section.roles as readonly Role[]).includes(role));

/**
 * The section a path belongs to for `role`: the longest section path it starts with. The bare /admin
 * is the dashboard for admins and sales and the first section an editor may open (Manage Blogs) for editors.
 */
export function sectionOf(pathname: string, role: Role): AdminSection | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === ADMIN_PATH) return sectionsFor(role)[0] ?? ADMIN_SECTIONS[0];
  return ADMIN_SECTIONS.filter((section) => section.path !== ADMIN_PATH)
    .filter((section) => path === section.path || path.startsWith(`${section.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

export const mayOpen = (section: AdminSection, role: Role) => (section.roles as readonly Role[]).includes(role);
