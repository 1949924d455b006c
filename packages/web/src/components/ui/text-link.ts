/** The one look of an inline text link (router `Link`, `<a>` or a link-like button) across the portal. */
export const textLinkClass = 'font-medium text-primary underline-offset-4 hover:underline';
