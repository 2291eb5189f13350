// The public forms' lazy half (lib/send-kit.ts), fetched once per page; a failed fetch is tried again next time.
import type * as Kit from './send-kit';

export type SendKit = typeof Kit;

let kit: Promise<SendKit> | null = null;

export function loadSendKit(): Promise<SendKit> {
  kit ??= import('./send-kit').catch((error: unknown) => {
    kit = null;
    throw error;
  });
  return kit;
}
