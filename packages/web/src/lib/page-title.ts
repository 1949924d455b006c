/**
 * Each page's title (the browser's tab, its history, what a screen reader says on arriving): the page, then
 * the area it belongs to, then the bank's name, as the router's document head management takes it
 * (`head` on a route, `<HeadContent />` in the root; the deepest route's title wins).
 */
export const BANK_NAME = 'E-Banking';

/** `Sign in · E-Banking`, `KYC cases · Admin area · E-Banking`. */
const pageTitle = (...parts: readonly string[]) => [...parts, BANK_NAME].join(' · ');

/** A route's `head`: its title. */
export const titled =
  (...parts: readonly string[]) =>
  () => ({ meta: [{ title: pageTitle(...parts) }] });
