import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Storage } from '../services/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export default fp<{ storage: Storage }>(async function storage(app: FastifyInstance, opts) {
  app.decorate('storage', opts.storage);
});
