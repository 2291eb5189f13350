// How every admin view shows a read from useApiQuery: "Loading..." until the first answer, the
// server's sentence when it failed, then the content (kept on screen while it is read again).
import type { ReactNode } from 'react';
import type { ApiQuery } from '~/lib/api-query';

export const errorBox = 'rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800';

export function QueryView<T>({ query, children }: { query: ApiQuery<T>; children: (data: T) => ReactNode }) {
  if (query.data !== undefined) {
    return (
      <>
        {query.error && (
          <p role="alert" className={`mb-4 ${errorBox}`}>
            {query.error}
          </p>
        )}
        {children(query.data)}
      </>
    );
  }
  if (query.error) {
    return (
      <p role="alert" className={errorBox}>
        {query.error}
      </p>
    );
  }
  return <p role="status">Loading...</p>;
}
