// Vitest global setup of the API tests: migrates ONE template database before the first test file, and every
// test app's database is a copy of it (createTestApp in app.ts). PGlite: a migrated cluster dumped to a file
// and loaded into each new in-memory database (no initdb, no migrations per app). PostgreSQL
// (TEST_DATABASE_URL): a migrated database that `create database … template …` copies.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createDb, migratedPgliteDump } from '@agency/db';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

export type DbTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: DbTemplate;
  }
}

async function adminQuery(baseUrl: string, text: string) {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (baseUrl) {
    const name = `agency_template_${process.pid}_${Date.now()}`;
    await adminQuery(baseUrl, `create database ${name}`);
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    // Migrated, then closed: a database that anyone is connected to cannot be a template.
    const database = createDb({ url: url.toString(), poolSize: 1 });
    await database.migrate();
    await database.close();
    project.provide('dbTemplate', { kind: 'postgres', name });
    return () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'agency-db-template-'));
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, new Uint8Array(await (await migratedPgliteDump()).arrayBuffer()));
  project.provide('dbTemplate', { kind: 'pglite', file });
  return () => rmSync(dir, { recursive: true, force: true });
}
