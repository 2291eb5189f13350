import { TermsPanels } from '~/components/policies/terms-panels';
import { pageSeo } from '~/lib/seo';

export const meta = () => pageSeo('terms');

export default function Page() {
  return <TermsPanels />;
}
