// The dashboard's backups card as an admin uses it: take a backup now (the password asked again), see it listed
// verified, download it.
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { BACKUP_MESSAGES } from '@agency/contract';
import { expect, test } from './fixtures.ts';
import { ADMIN, loginAdmin, loginThroughUi } from './support.ts';

test('an admin takes a backup from the dashboard, sees it verified and downloads the archive', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await loginAdmin(request);
  await loginThroughUi(page);
  const card = page.getByRole('region', { name: 'Backups' });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('data-state', 'ok');

  const password = card.getByLabel(/^Your password/);
  // This server takes no scheduled backups, and the card says so in words staff understand.
  await expect(card).toContainText(BACKUP_MESSAGES.scheduleOff);
  await password.fill(ADMIN.password);
  await card.getByRole('button', { name: 'Take a backup now' }).click();
  const started = page.getByText(/^Backup agency-backup-.*\.tar\.gz started/);
  await expect(started).toBeVisible();
  const name = /agency-backup-\S+\.tar\.gz/.exec((await started.textContent()) ?? '')?.[0] ?? '';
  expect(name).not.toBe('');

  // Written and checked in the background: the card follows the backup it started and lists it, verified.
  const listed = card.getByRole('button', { name });
  await expect(card.getByRole('listitem').filter({ hasText: name })).toContainText('verified', { timeout: 60_000 });
  await expect(card).toContainText(/Last good backup .*verified/);

  await password.fill(ADMIN.password);
  const [download] = await Promise.all([page.waitForEvent('download'), listed.click()]);
  expect(download.suggestedFilename()).toBe(name);
  const archive = gunzipSync(readFileSync(await download.path()));
  // A tar archive of the tables and the manifest (tar names each entry in a 512-byte header).
  const text = archive.toString('latin1');
  expect(text.slice(0, 100)).toMatch(/^db\/\w+\.jsonl/);
  expect(text).toContain('manifest.json');
});
