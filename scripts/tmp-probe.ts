import '../apps/api/src/lib/wasm-baseline.ts';
import { existsSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { createDb, sql } from '@agency/db';

const dir = '/tmp/r38/db';
const MIB = 1 << 20;
if (!existsSync(dir)) {
  const source = createDb({ dataDir: dir });
  await source.migrate();
  const third = 3334;
  await source.run(sql`insert into contacts (name, email, phone, subject, message, created_at)
      select 'Visitor ' || i, 'visitor' || i || '@example.com', '07700900' || i, 'Subject ' || i,
        repeat('A message about a network. ', 20), now() - (i || ' minutes')::interval
      from generate_series(1, ${third}) i`);
  await source.run(sql`insert into quotes (full_name, email, phone, company_name, size, contact_method, services,
        description, budget, deadline, source, additional_details, created_at)
      select 'Client ' || i, 'client' || i || '@example.com', '07700900123', 'Company ' || i, 'Small (1-4)', 'Email',
        'Website Development', repeat('A new website. ', 30), '£1,500 - £5,000', '2030-01-31', 'Referral', '', now()
      from generate_series(1, ${third}) i`);
  await source.run(sql`insert into applications (name, contact, email, town, country, position, salary, currency, info)
      select 'Applicant ' || i, '9800000000', 'applicant' || i || '@example.com', 'Lalitpur', 'Nepal', 'DevOps Engineer',
        '80000', 'NPR', repeat('I like pipelines. ', 20)
      from generate_series(1, ${third}) i`);
  await source.run(sql`insert into lead_events (lead_kind, lead_id, type, data)
      select 'contacts', id, 'received', '{}'::jsonb from contacts
      union all select 'quotes', id, 'received', '{}'::jsonb from quotes
      union all select 'applications', id, 'received', '{}'::jsonb from applications`);
  await source.close();
  console.log('seeded');
  process.exit(0);
}
const params = (process.env.PARAMS ?? '').split(' ').filter(Boolean);
const fig = (label: string, pg?: PGlite) => {
  const u = process.memoryUsage();
  const wasm = (pg as unknown as { mod?: { HEAPU8?: Uint8Array } })?.mod?.HEAPU8?.buffer.byteLength ?? 0;
  console.log(`${label}: rss ${Math.round(u.rss / MIB)} external ${Math.round(u.external / MIB)} wasm ${Math.round(wasm / MIB)} maxrss ${Math.round(process.resourceUsage().maxRSS / 1024)}`);
};
fig('start');
const defaults = (PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams;
const opts: Record<string, unknown> = {};
if (params.length) opts.startParams = [...defaults, ...params.flatMap((p) => ['-c', p])];
if (process.env.INITIAL_MB) opts.initialMemory = Number(process.env.INITIAL_MB) * MIB;
const pg = new PGlite(dir, opts);
await pg.query('select 1');
fig('open', pg);
const s = await pg.query<{ name: string; setting: string }>(`select name, setting from pg_settings where name in ('shared_buffers','max_connections','wal_buffers','work_mem')`);
console.log(s.rows.map((r) => `${r.name}=${r.setting}`).join(' '));
for (const t of ['contacts', 'quotes', 'applications', 'lead_events']) await pg.query(`select row_to_json(t)::text from ${t} t`);
fig('scanned all', pg);
const t0 = performance.now();
for (let i = 0; i < 500; i++) await pg.query(`insert into contacts (name, email, phone, subject, message) values ($1, $2, '0770', 's', 'm')`, ['n' + i, `e${i}@example.com`]);
console.log('500 inserts ms', Math.round(performance.now() - t0));
fig('after inserts', pg);
await pg.query('delete from contacts where phone = $1', ['0770']);
await pg.close();
