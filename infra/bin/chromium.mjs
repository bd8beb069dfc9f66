// @ts-check
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

/** End-to-end tests drive the system's Chromium; nothing downloads a browser. On a Debian or
 *  Ubuntu machine run as root the package is installed when missing. */
export function findChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured && fs.existsSync(configured)) return configured;
  const found = CANDIDATES.find((candidate) => fs.existsSync(candidate));
  if (found) return found;
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log('Installing Chromium from the system packages…');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    'Chromium was not found. Install it (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH.',
  );
}
