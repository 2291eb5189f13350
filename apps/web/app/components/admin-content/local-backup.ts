// Every change an editor makes is kept in this browser (localStorage) until the server has it, so a
// reload, a closed tab, Esc or a refused save (a required field still empty) never loses typed text.
const PREFIX = 'agency.editor.';

export interface Backup<T> {
  value: T;
  /** The server version the change was made on (content documents); null for posts. */
  version: number | null;
  /** When it was kept (ISO). */
  at: string;
  /** A new post's: the post its first autosave created on the server, which this browser goes on writing. */
  postId?: string;
}

export function keepBackup<T>(key: string, value: T, version: number | null = null, postId?: string): Backup<T> {
  const backup = { value, version, at: new Date().toISOString(), ...(postId ? { postId } : {}) };
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(backup));
  } catch {
    // Storage full or disabled: the autosave and the leave-page question still protect the text.
  }
  return backup;
}

export function readBackup<T>(key: string): Backup<T> | null {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    if (!raw) return null;
    const backup = JSON.parse(raw) as Backup<T>;
    return backup && typeof backup === 'object' && 'value' in backup ? backup : null;
  } catch {
    return null;
  }
}

export function dropBackup(key: string) {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing kept.
  }
}
