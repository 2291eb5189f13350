// The account page's own settings: its name (the Team and the blog show it) and which optional mails it gets.
import { MESSAGES, type PreferencesSchema, type User } from '@agency/contract';
import { eq, schema, type Db } from '@agency/db';
import type { z } from 'zod';
import { Unauthenticated } from '../lib/domain-errors.ts';
import { recordAudit, type Requester } from './audit.ts';
import { toUser } from './auth.ts';

type Preferences = z.infer<typeof PreferencesSchema>;

const accountGone = () => new Unauthenticated(MESSAGES.http.invalidToken);

/** The caller's account with its new name; 401 when it is gone (removed since the token was given). */
export async function renameAccount(db: Db, caller: Requester, name: string): Promise<User> {
  if (!caller.user) throw accountGone();
  const [row] = await db
    .update(schema.users)
    .set({ name, updatedAt: new Date() })
    .where(eq(schema.users.id, caller.user.id))
    .returning();
  if (!row) throw accountGone();
  return toUser(row);
}

/** The caller's mail preferences. */
export async function readPreferences(db: Db, caller: Requester): Promise<Preferences> {
  const [row] = caller.user
    ? await db
        .select({ digestMail: schema.users.digestMail })
        .from(schema.users)
        .where(eq(schema.users.id, caller.user.id))
    : [];
  if (!row) throw accountGone();
  return row;
}

/** Turns the morning digest on or off, in one transaction with `auth.preferences_changed`. */
export async function setPreferences(db: Db, caller: Requester, preferences: Preferences): Promise<Preferences> {
  if (!caller.user) throw accountGone();
  const id = caller.user.id;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(schema.users)
      .set({ digestMail: preferences.digestMail, updatedAt: new Date() })
      .where(eq(schema.users.id, id))
      .returning({ digestMail: schema.users.digestMail });
    if (!row) throw accountGone();
    await recordAudit(tx, caller, { action: 'auth.preferences_changed', data: { digestMail: row.digestMail } });
    return row;
  });
}
