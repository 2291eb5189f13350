// `npm run db:migrate`: applies the migrations to DATABASE_URL or the embedded database in DATA_DIR.
import path from 'node:path';
import { createDb } from './index.ts';

const url = process.env.DATABASE_URL || undefined;
const dataDir = path.resolve(process.env.DATA_DIR || './data', 'db');
const database = createDb({ url, dataDir });
await database.migrate();
await database.close();
console.log(`Migrations applied to ${url ? 'PostgreSQL' : dataDir}.`);
