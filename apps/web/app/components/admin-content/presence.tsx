// Who else has a document open (issue 31, item 5), for the content editor and the blog editor alike: a heartbeat
// every CONTENT_PRESENCE_HEARTBEAT_SECONDS while the editor is open (the first at once), gone from the others'
// lists on leaving, and the notice "Anna is editing since 10:02".
import {
  CONTENT_PRESENCE_HEARTBEAT_SECONDS,
  type ContentEditorPresence,
  ContentPresenceAnswerSchema,
} from '@agency/contract';
import { useEffect, useState } from 'react';
import { mutate } from '~/lib/api-query';
import { clockTime, exactTime } from '~/lib/human-time';

/**
 * The others who have the document of `path` (an API path whose `/presence` takes the heartbeat; null: nothing to
 * announce yet, e.g. a new post) open, kept fresh; the setter takes a list another answer brought.
 */
export function usePresence(path: string | null) {
  const [editors, setEditors] = useState<ContentEditorPresence[]>([]);
  useEffect(() => {
    if (!path) return;
    let open = true;
    const beat = () =>
      mutate(`${path}/presence`, { method: 'PUT' })
        .then((answer) => {
          const parsed = ContentPresenceAnswerSchema.safeParse(answer);
          if (parsed.success && open) setEditors(parsed.data.editors);
        })
        .catch(() => undefined);
    void beat();
    const id = setInterval(beat, CONTENT_PRESENCE_HEARTBEAT_SECONDS * 1000);
    return () => {
      open = false;
      clearInterval(id);
      void mutate(`${path}/presence`, { method: 'DELETE' }).catch(() => undefined);
    };
  }, [path]);
  return [editors, setEditors] as const;
}

/** "Anna is editing since 10:02": who else has this document open, kept fresh by the heartbeat. */
export function EditorsNotice({ editors }: { editors: ContentEditorPresence[] }) {
  return (
    <div role="status" aria-live="polite" data-testid="other-editors">
      {editors.length > 0 && (
        <ul className="space-y-1 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          {editors.map((editor) => (
            <li key={`${editor.name}${editor.since}`}>
              <strong>{editor.name}</strong> is editing since{' '}
              <time dateTime={editor.since} title={exactTime(editor.since)}>
                {clockTime(new Date(editor.since))}
              </time>
              . Your changes and theirs are both kept: if you both change a field, you choose which text stays.
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
