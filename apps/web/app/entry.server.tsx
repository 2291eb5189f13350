// Server rendering: streams HTML; bots and prerendering get the whole document at once.
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { type EntryContext, type HandleErrorFunction, ServerRouter, isRouteErrorResponse } from 'react-router';
import { PageDataContext } from '~/public-runtime/page-data';
import { publicPageOf } from '~/public-runtime/public-page.server';
import { firstPaintFirst } from '~/lib/first-paint.server';
import { NonceContext } from '~/lib/nonce';
import type { WebLoadContext } from '@agency/contract';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: unknown,
) {
  // The response's CSP nonce (plugins/web.ts): on React Router's scripts, React's own and the root's inline ones.
  const nonce = (loadContext as Partial<WebLoadContext> | undefined)?.nonce;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    const waitForAll = (userAgent && isbot(userAgent)) || routerContext.isSpaMode || routerContext.ssr === false;
    const readyEvent = waitForAll ? 'onAllReady' : 'onShellReady';

    const document = (
      <NonceContext.Provider value={nonce}>
        <PageDataContext.Provider value={publicPageOf(routerContext, request)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PageDataContext.Provider>
      </NonceContext.Provider>
    );
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce,
      [readyEvent]() {
        shellRendered = true;
        // The <head> leaves without modulepreload links, so the first paint does not wait for the scripts.
        const body = firstPaintFirst();
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1000);
  });
}

/** A page that does not exist is an answer (404), not a server error worth logging. */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status === 404) return;
  console.error(error);
};
