// The public forms' lazy half (lib/send-kit.ts), fetched once per page; a failed fetch is tried again next time.
import { preloadToasts } from '~/state/toasts';
import type * as Kit from './send-kit';

export type SendKit = typeof Kit;

let kit: Promise<SendKit> | null = null;

export function loadSendKit(): Promise<SendKit> {
  // Every form answers its sending with a toast: what draws it comes along with the kit.
  if (!kit) preloadToasts();
  kit ??= import('./send-kit').catch((error: unknown) => {
    kit = null;
    throw error;
  });
  return kit;
}
