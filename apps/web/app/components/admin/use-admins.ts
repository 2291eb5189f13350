// The accounts a lead can be assigned to: the admins, read from GET /api/users (shared with Team).
import { UserSchema } from '@agency/contract';
import { useApiQuery } from '~/lib/api-query';

export const UsersSchema = UserSchema.array();

export function useAdmins() {
  const users = useApiQuery('/users', UsersSchema);
  return users.data?.filter((user) => user.role === 'admin') ?? [];
}
