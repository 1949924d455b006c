/**
 * zod would otherwise probe for `new Function` (to compile its parsers) on the first parse; the page's CSP
 * forbids it, so the probe is refused and reported as a violation. The interpreted parsers are all the
 * portal needs. Imported for its effect by every module that parses (listed in package.json sideEffects).
 */
import { config } from 'zod';

config({ jitless: true });
