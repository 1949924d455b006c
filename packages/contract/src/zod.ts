/**
 * The contract's zod: every module of the contract takes `z` from here, so this runs before any of its
 * schemas is built.
 *
 * In a web page, zod's parsers are interpreted (`jitless`). zod would otherwise compile each object's
 * parser with `new Function`, and it decides so when the object's schema is built, by trying
 * `Function('')` once: the portal's content security policy (no 'unsafe-eval') refuses that and reports a
 * violation on every page that loads the contract. On a server, where no such policy applies, the compiled
 * parsers stay: the mock bank decodes every request with them.
 */
import * as z from 'zod/mini';

// zod/mini words issues only with a locale loaded: the default refusals ('Invalid input: expected string,
// received undefined') read as they always have.
z.config(z.locales.en());
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };
