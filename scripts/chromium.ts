/**
 * Debian's Chromium, as the browser tests and the benchmark launch it: nothing reaches outside the machine
 * (no background networking, component updates or sync) and nothing is downloaded. Nor does it build the
 * address bar's drop-down, a page of its own (about 380 files in a renderer of its own) that this Chromium
 * loads at every start although a headless browser never shows it: on two cores it ran beside the page being
 * measured (decision 0056).
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
];
