// /admin/account: the signed-in account's name, password, two-factor sign-in and sessions.
import { AccountSettings } from '~/components/account/account-settings';
import { adminMeta } from '~/lib/admin-meta';

export const meta = () => adminMeta('Your account');

export default function AdminAccount() {
  return <AccountSettings />;
}
