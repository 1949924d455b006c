/**
 * Debian's Chromium, as the browser tests and the benchmark launch it: nothing reaches outside the machine
 * (no background networking, component updates or sync) and nothing is downloaded.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
