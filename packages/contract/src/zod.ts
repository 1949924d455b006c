/**
 * The contract's zod: every module of the contract takes `z` from here, so this runs before any of its
 * schemas is built or words an issue.
 *
 * zod/mini words an issue only with a locale loaded: with English loaded, the refusals that use zod's own
 * wording ('Invalid input: expected string, received undefined') read the same on the server, in the portal
 * and in the demo. zod/mini interprets its parsers everywhere (it never compiles one with `new Function`), so
 * a page whose content security policy forbids eval has nothing to refuse (decision 0060, superseding 0058).
 */
import * as z from 'zod/mini';

z.config(z.locales.en());

export { z };
