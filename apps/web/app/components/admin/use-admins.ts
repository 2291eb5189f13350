// The accounts a lead can be given to (admins and sales), from GET /api/admin/owners.
import { LeadOwnersSchema } from '@agency/contract';
import { useApiQuery } from '~/lib/api-query';

export function useLeadOwners() {
  return useApiQuery('/admin/owners', LeadOwnersSchema).data?.items ?? [];
}
