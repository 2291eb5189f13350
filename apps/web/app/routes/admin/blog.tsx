// /admin/blog: Manage Blogs (editors and admins).
import { BlogManager } from '~/components/admin-content/blog-manager';
import { adminMeta } from '~/lib/admin-meta';

export const meta = () => adminMeta('Manage Blogs');

export default function AdminBlog() {
  return <BlogManager />;
}
