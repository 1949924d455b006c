/**
 * The marks of a prerendered page (decision 0019), written by the build (scripts/prerender-plugin.ts) and
 * read by the client (`mount.tsx`).
 */

/** On `#root` of a prerendered page: the page the markup was rendered for (`/account/login`). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/**
 * The id of an empty element right after `#root`. The head names it in `<link rel="expect" blocking="render">`,
 * so the browser paints no part of the page before it has parsed the whole markup: a first paint of a
 * half-parsed page, centred, moved when the rest arrived (a layout shift).
 */
export const MARKUP_END_ID = 'portal-markup-end';
