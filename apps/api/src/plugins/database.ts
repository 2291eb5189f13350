// Makes the database available as app.db and closes it with the app.
import type { Database, Db } from '@agency/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export default fp<{ database: Database }>(async function database(app: FastifyInstance, { database }) {
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.addHook('onClose', async () => {
    await database.close();
  });
});
