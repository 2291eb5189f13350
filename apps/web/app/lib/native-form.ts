// The forms also work as plain HTML forms: without JavaScript, or when sent before the page hydrated
// and the scripts never came, the browser posts them to the page's own address. A refused post is
// answered with the same page, rendered with what was typed and the server's messages: the server puts
// that answer in the load context, these helpers hand it to the page (packages/contract/src/native-forms.ts).
import type { NativeFormAnswer } from '@agency/contract';
import type { AppLoadContext } from 'react-router';

/** Server loader of a page with a form: the answer to a native post, else null (and null when prerendered). */
export const nativeAnswerLoader = ({ context }: { context?: AppLoadContext }): NativeFormAnswer | null =>
  context?.form ?? null;

/** In the browser nothing is posted natively, so client navigations need no server round trip. */
export const noNativeAnswer = (): NativeFormAnswer | null => null;

/** The attributes that make a form post natively to `action` (a page of this site). */
export const nativePost = (action: string, withFile = false) => ({
  method: 'post' as const,
  action,
  ...(withFile ? { encType: 'multipart/form-data' as const } : {}),
  // Sent before hydration, it waits for the page's script (lib/early-clicks.ts), which sends it as usual.
  'data-early-submit': '',
});

/** The answered values for the fields `initial` has, over `initial`. */
export function answeredValues<T extends Record<string, string>>(initial: T, answer?: NativeFormAnswer | null): T {
  if (!answer) return initial;
  const values: Record<string, string> = { ...initial };
  for (const name of Object.keys(initial)) {
    const value = answer.values[name];
    if (typeof value === 'string') values[name] = value;
  }
  return values as T;
}
