// The revision history of one post: every earlier version, newest first, with a line diff against the
// post as it is now, and a button that restores it (the restore itself becomes a revision).
import { BlogRevisionSchema, type Blog, type BlogRevision } from '@agency/contract';
import { useState } from 'react';
import { Modal } from '~/components/ui/modal';
import { useApiQuery } from '~/lib/api-query';
import { diffLines } from '~/lib/diff';
import { secondaryButton } from '~/components/admin/form-styles';
import { QueryView } from '~/components/admin/query-view';
import { HumanTime } from './human-time';

const RevisionListSchema = BlogRevisionSchema.array();

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** Title and content as one text, so a retitle shows in the diff too. */
const asText = (version: { title: string; content: string; tags: readonly string[] }) =>
  [
    `# ${version.title}`,
    ...(version.tags.length ? [`Tags: ${version.tags.join(', ')}`] : []),
    '',
    version.content,
  ].join('\n');

interface BlogRevisionsProps {
  blog: Blog;
  onClose: () => void;
  onRestore: (revision: BlogRevision) => Promise<boolean>;
}

export function BlogRevisions({ blog, onClose, onRestore }: BlogRevisionsProps) {
  // Read again whenever the post changes (a save or a restore invalidates everything under /blogs).
  const revisions = useApiQuery(`/blogs/${encodeURIComponent(blog._id)}/revisions`, RevisionListSchema);
  const [restoring, setRestoring] = useState(false);

  async function restore(revision: BlogRevision) {
    setRestoring(true);
    const restored = await onRestore(revision);
    setRestoring(false);
    if (restored) onClose();
  }

  return (
    <Modal variant="drawer" title={`History of “${blog.title}”`} onClose={onClose}>
      <QueryView query={revisions}>
        {(list) =>
          list.length === 0 ? (
            <p className="text-slate-700">No earlier versions yet: every update keeps the one it replaces.</p>
          ) : (
            <ol className="space-y-6">
              {list.map((revision) => (
                <li key={revision.id} className="rounded-lg border border-slate-200 p-4">
                  <div className="flex flex-wrap items-center justify-between gap-3">
                    <p className="text-sm text-slate-700">
                      <HumanTime value={revision.createdAt} />
                      {revision.editor ? ` · replaced by ${revision.editor.username}` : ''}
                    </p>
                    <button
                      type="button"
                      className={secondaryButton}
                      disabled={restoring}
                      aria-label={`Restore the version “${revision.title}” from ${DATE_TIME.format(new Date(revision.createdAt))}`}
                      onClick={() => void restore(revision)}
                    >
                      Restore
                    </button>
                  </div>
                  <pre
                    aria-label="Changes from this version to the current one"
                    className="mt-3 overflow-x-auto whitespace-pre-wrap rounded bg-slate-50 p-3 font-mono text-sm"
                  >
                    {diffLines(asText(revision), asText(blog)).map((line, index) => (
                      <span
                        key={index}
                        className={
                          line.kind === 'added'
                            ? 'block bg-green-100 text-green-950'
                            : line.kind === 'removed'
                              ? 'block bg-red-100 text-red-950'
                              : 'block text-slate-700'
                        }
                      >
                        {line.kind === 'added' ? '+ ' : line.kind === 'removed' ? '− ' : '  '}
                        {line.text}
                      </span>
                    ))}
                  </pre>
                </li>
              ))}
            </ol>
          )
        }
      </QueryView>
    </Modal>
  );
}
