// The Chromium the browser tests and benchmarks use, and the flags this machine needs
// (no sandbox as root, no GPU, no calls home: the network only reaches the package registries).
import { existsSync } from 'node:fs';

/** CHROME_PATH, else Debian's Chromium, else undefined (Playwright's own browser). */
export const chromiumPath =
  process.env.CHROME_PATH || (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

/**
 * The browser tests' Chromium: CHROME_PATH, else Debian's headless shell (`apt-get install chromium-headless-shell`:
 * the same Blink and V8 without the full browser around them, the build Playwright itself runs headless tests on),
 * else the Chromium above. Half the CPU per test (decision 0038, round 40). The benchmarks keep the full browser:
 * they measure what a visitor's Chromium does.
 */
export const testChromiumPath =
  process.env.CHROME_PATH ||
  (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : chromiumPath);

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
