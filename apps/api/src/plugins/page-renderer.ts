// `app.renderPage`: the answer of a native form post (routes/forms) as a page of the site. Always there; what draws
// the page is set once with `usePageRenderer`: the web plugin's server renderer in production (plugins/web.ts), a
// stand-in in the API tests (test/app.ts), which have no web build.
import type { NativeFormAnswer } from '@agency/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** A page rendered as the answer to a form posted without JavaScript. */
export interface PageAnswer {
  /** The page's path, e.g. /connect: rendered as its GET with `form` in the load context. */
  path: string;
  status: number;
  form: NativeFormAnswer;
}

export type PageRenderer = (request: FastifyRequest, reply: FastifyReply, answer: PageAnswer) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers with a page of the site (the form's page with the answer in its load context). */
    renderPage: PageRenderer;
    /** Sets what renderPage draws with; once, before the app serves. */
    usePageRenderer(renderer: PageRenderer): void;
  }
}

export default fp(async function pageRenderer(app: FastifyInstance) {
  let renderer: PageRenderer | null = null;
  app.decorate('usePageRenderer', (next: PageRenderer) => {
    if (renderer) throw new Error('a page renderer is already set');
    renderer = next;
  });
  app.decorate('renderPage', (request: FastifyRequest, reply: FastifyReply, answer: PageAnswer) => {
    if (!renderer) throw new Error('no page renderer: register the web plugin (or a stand-in) before serving');
    return renderer(request, reply, answer);
  });
});
