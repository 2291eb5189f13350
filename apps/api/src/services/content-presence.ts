// Who has a content document open in the editor (issue 31, item 5): each open editor sends a heartbeat every
// CONTENT_PRESENCE_HEARTBEAT_SECONDS; one not heard from for CONTENT_PRESENCE_TTL_SECONDS is gone. Kept in the
// server's memory: the site runs as one process (docs/decisions/0001), and a restart only forgets who is
// editing for one heartbeat. Names only, never shown to anyone but staff.
import { CONTENT_PRESENCE_TTL_SECONDS, type ContentEditorPresence } from '@agency/contract';

interface Presence {
  name: string;
  since: Date;
  seen: number;
}

export class ContentPresence {
  private readonly documents = new Map<string, Map<string, Presence>>();

  constructor(private readonly now: () => number = Date.now) {}

  /** `user` has `key` open now (since their first heartbeat of this visit). */
  beat(key: string, user: { id: string; name: string }): void {
    const editors = this.live(key);
    const present = editors.get(user.id);
    if (present) Object.assign(present, { name: user.name, seen: this.now() });
    else editors.set(user.id, { name: user.name, since: new Date(this.now()), seen: this.now() });
    this.documents.set(key, editors);
  }

  /** `userId` closed `key`. */
  leave(key: string, userId: string): void {
    this.documents.get(key)?.delete(userId);
  }

  /** Everyone but `userId` who has `key` open, earliest first. */
  others(key: string, userId: string): ContentEditorPresence[] {
    return [...this.live(key).entries()]
      .filter(([id]) => id !== userId)
      .map(([, presence]) => presence)
      .sort((a, b) => a.since.getTime() - b.since.getTime())
      .map((presence) => ({ name: presence.name, since: presence.since.toISOString() }));
  }

  /** The editors of `key` still heard from (the others are forgotten). */
  private live(key: string): Map<string, Presence> {
    const editors = this.documents.get(key) ?? new Map<string, Presence>();
    const oldest = this.now() - CONTENT_PRESENCE_TTL_SECONDS * 1000;
    for (const [id, presence] of editors) if (presence.seen < oldest) editors.delete(id);
    if (editors.size === 0) this.documents.delete(key);
    return editors;
  }
}
