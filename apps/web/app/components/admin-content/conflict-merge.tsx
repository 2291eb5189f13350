// After a 409 (issue 31, item 5): what the colleague changed since this editor opened the document, field by
// field beside what this editor has, with a choice per field: keep mine or take theirs. "Keep all mine" saves
// this editor's version over theirs, "Take all theirs" drops this editor's changes; merging keeps every field
// only one of them changed, and the chosen text of each field both changed.
import { useId, useState } from 'react';
import { primaryButton, secondaryButton } from '~/components/admin/form-styles';
import { changedFields, leaves, mergeFields, shownValue } from './document-diff';

export interface Conflict {
  message: string;
  /** What this editor started from (the last version the server had from them). */
  base: unknown;
  /** What the colleague saved. */
  theirs: unknown;
  /** What this editor has now. */
  mine: unknown;
  /** The server's version of `theirs`. */
  version: number;
}

export function ConflictMerge({
  label: labelOf,
  conflict,
  onResolve,
}: {
  /** A field's label, as its form shows it, by its path (`plans.0.price`) in `theirs`. */
  label: (field: string, theirs: unknown) => string;
  conflict: Conflict;
  /** The merged document, to be saved over the colleague's version. */
  onResolve: (merged: unknown) => void;
}) {
  const groupId = useId();
  const theirs = new Set(changedFields(conflict.base, conflict.theirs));
  const both = changedFields(conflict.mine, conflict.theirs).filter((field) => theirs.has(field));
  const [keepMine, setKeepMine] = useState<Set<string>>(new Set());
  const mineLeaves = leaves(conflict.mine);
  const theirLeaves = leaves(conflict.theirs);
  const label = (field: string) => labelOf(field, conflict.theirs);
  const choose = (field: string, mine: boolean) => {
    const next = new Set(keepMine);
    if (mine) next.add(field);
    else next.delete(field);
    setKeepMine(next);
  };

  return (
    <div role="alert" className="space-y-3 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-950">
      <p className="font-medium">{conflict.message}</p>
      {both.length === 0 ? (
        <p className="text-sm">They changed other fields than you did: merging keeps their changes and yours.</p>
      ) : (
        <>
          <p className="text-sm">
            {both.length === 1 ? 'One field was' : `${both.length} fields were`} changed by both of you. Choose for each
            which text to keep:
          </p>
          <ul className="space-y-3" aria-label="Fields changed by both">
            {both.map((field, index) => (
              <li key={field} className="rounded-md border border-red-200 bg-white p-3 text-slate-900">
                <fieldset>
                  <legend className="font-semibold">{label(field)}</legend>
                  <div className="mt-2 grid gap-2 sm:grid-cols-2">
                    <label className="flex items-start gap-2">
                      <input
                        type="radio"
                        name={`${groupId}-${index}`}
                        checked={keepMine.has(field)}
                        onChange={() => choose(field, true)}
                        className="mt-1"
                      />
                      <span>
                        <span className="block text-sm font-medium">Keep mine</span>
                        <span className="whitespace-pre-wrap text-sm">{shownValue(mineLeaves.get(field))}</span>
                      </span>
                    </label>
                    <label className="flex items-start gap-2">
                      <input
                        type="radio"
                        name={`${groupId}-${index}`}
                        checked={!keepMine.has(field)}
                        onChange={() => choose(field, false)}
                        className="mt-1"
                      />
                      <span>
                        <span className="block text-sm font-medium">Take theirs</span>
                        <span className="whitespace-pre-wrap text-sm">{shownValue(theirLeaves.get(field))}</span>
                      </span>
                    </label>
                  </div>
                </fieldset>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondaryButton} onClick={() => onResolve(conflict.mine)}>
          Keep all mine
        </button>
        <button type="button" className={secondaryButton} onClick={() => onResolve(conflict.theirs)}>
          Take all theirs
        </button>
        <button
          type="button"
          className={primaryButton}
          onClick={() => onResolve(mergeFields(conflict.base, conflict.mine, conflict.theirs, keepMine))}
        >
          Merge as chosen
        </button>
      </div>
    </div>
  );
}
