// /admin/account: the signed-in account's name, password, two-factor sign-in and sessions.
import { AccountSettings } from '~/components/account/account-settings';

export const meta = () => [{ title: 'Your account' }, { name: 'robots', content: 'noindex' }];

export default function AccountRoute() {
  return (
    <section className="mx-auto max-w-3xl px-6 py-12">
      <h1 className="text-3xl font-bold">Account</h1>
      <div className="mt-8">
        <AccountSettings />
      </div>
    </section>
  );
}
