// Where the content editor's draft is: waiting to be saved, saving, saved at a time, refused (a field the
// schema refuses, a colleague's newer version) or failed.
import { EDITOR_MESSAGES } from '@agency/contract';
import { clockTime } from '~/lib/human-time';
import type { Conflict } from './conflict-merge';

export type SaveState =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'invalid' }
  | { kind: 'failed' }
  | { kind: 'conflict'; conflict: Conflict };

export function SaveStatus({ state }: { state: SaveState }) {
  const text =
    state.kind === 'saving'
      ? EDITOR_MESSAGES.saving
      : state.kind === 'saved'
        ? EDITOR_MESSAGES.savedAt(clockTime(state.at))
        : state.kind === 'pending'
          ? EDITOR_MESSAGES.keptLocally(clockTime(new Date()))
          : state.kind === 'invalid'
            ? EDITOR_MESSAGES.notSavedInvalid
            : state.kind === 'failed'
              ? EDITOR_MESSAGES.saveFailed
              : '';
  return (
    <p role="status" className="min-h-6 text-sm font-medium text-slate-800" data-testid="save-status">
      {text}
    </p>
  );
}
