/**
 * The marks of a prerendered page (decision 0019), written by the build (scripts/prerender-plugin.ts) and
 * read by the page's start (`boot.ts`), the client (`mount.tsx`) and a held submit (`lib/held-submit.ts`).
 */

/** The id of the `<template>` in which the page holds its scripts until its first paint. */
export const START_TEMPLATE_ID = 'portal-start';

/** On `#root` until the client has the page: the page the markup was rendered for (`/account/login`). */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';

/** On `#root` when a form was sent before the client had the page: the form's place among the page's forms. */
export const HELD_SUBMIT_ATTRIBUTE = 'data-held-submit';

/**
 * The id of an empty element right after `#root`. The head names it in `<link rel="expect" blocking="render">`,
 * so the browser paints no part of the page before it has parsed the whole markup: a first paint of a
 * half-parsed page, centred, moved when the rest arrived (a layout shift).
 */
export const MARKUP_END_ID = 'portal-markup-end';
