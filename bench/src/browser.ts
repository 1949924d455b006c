/** Debian's Chromium, headless, launched as the browser tests launch it. */
import { CHROMIUM_ARGS as SHARED_ARGS, CHROMIUM_PATH } from '../../scripts/chromium';

export const CHROMIUM = CHROMIUM_PATH;
export const CHROMIUM_ARGS = ['--headless=new', ...SHARED_ARGS];
