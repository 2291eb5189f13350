// The Chromium the browser tests and benchmarks use, and the flags this machine needs
// (no sandbox as root, no GPU, no calls home: the network only reaches the package registries).
import { existsSync } from 'node:fs';

/** CHROME_PATH, else Debian's Chromium, else undefined (Playwright's own browser). */
export const chromiumPath =
  process.env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
