import { PrivacyPolicy } from '~/components/policies/privacy-policy';
import { pageSeo } from '~/lib/seo';

export const meta = () => pageSeo('privacy');

export default function Page() {
  return <PrivacyPolicy />;
}
