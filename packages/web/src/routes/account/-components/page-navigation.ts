/**
 * Leaving the single-page app for another page (the staff console). One seam, so tests can watch it:
 * jsdom's `window.location` cannot be spied on.
 */
export const pageNavigation = {
  assign(url: string) {
    window.location.assign(url);
  },
};
