// Work a route starts after its answer has gone (the password reset's lookup and mail: the answer's time must not
// depend on it). Each piece runs once the current answer is written; errors are logged, never thrown at a client.
// `drainAfterAnswer` waits for what is running (tests, and the app's close, so nothing is cut off mid-write).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    afterAnswer(work: () => Promise<unknown>): void;
    drainAfterAnswer(): Promise<void>;
  }
}

export default fp(async function afterAnswer(app: FastifyInstance) {
  const running = new Set<Promise<unknown>>();
  app.decorate('afterAnswer', (work: () => Promise<unknown>) => {
    const done: Promise<unknown> = new Promise((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => app.log.error({ err: error }, 'work after an answer failed'))
      .finally(() => running.delete(done));
    running.add(done);
  });
  app.decorate('drainAfterAnswer', async () => {
    while (running.size > 0) await Promise.all([...running]);
  });
  app.addHook('onClose', async () => {
    while (running.size > 0) await Promise.all([...running]);
  });
});
