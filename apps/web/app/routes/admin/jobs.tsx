// /admin/jobs: the job openings shown on /career (editors and admins).
import { JobsManager } from '~/components/admin-content/jobs-manager';
import { adminMeta } from '~/lib/admin-meta';

export const meta = () => adminMeta('Jobs');

export default function AdminJobs() {
  return <JobsManager />;
}
