// Reply templates as GET /api/admin/reply-templates answers them (ReplyTemplatesSchema): one list of
// `{ kind, name, subject, text }`, in order; PUT replaces it.
export { ReplyTemplatesSchema, type ReplyTemplate } from '@agency/contract';

export const REPLY_TEMPLATES_PATH = '/admin/reply-templates';
