/**
 * The style sheets of a built page ahead of its scripts (decision 0050). Vite writes an entry's tags in the
 * order script, module preloads, style sheets. The first paint waits for the style sheets and for none of the
 * (deferred) module scripts, yet over HTTP/1.1's six connections a host, the browser hands the first six
 * connections to the first six files it finds: the style sheet then waits for a script to finish. Named first,
 * it is fetched first.
 */
import type { Plugin } from 'vite';

const STYLESHEET = /\n?[ \t]*<link rel="stylesheet"[^>]*>/gu;
const FIRST_SCRIPT = /([ \t]*)<script\b/u;

/** `html` with the `<link rel="stylesheet">` tags of its head moved before the head's first script. */
export function stylesheetsBeforeScripts(html: string): string {
  const headEnd = html.indexOf('</head>');
  if (headEnd === -1) return html;
  const head = html.slice(0, headEnd);
  const links = [...head.matchAll(STYLESHEET)].map((match) => match[0].trim());
  const rest = head.replace(STYLESHEET, '');
  const script = FIRST_SCRIPT.exec(rest);
  if (links.length === 0 || script === null) return html;
  const indent = script[1] ?? '';
  const moved = links.map((link) => `${indent}${link}\n`).join('');
  return rest.slice(0, script.index) + moved + rest.slice(script.index) + html.slice(headEnd);
}

/** The build's pages name their style sheets first (prerendered copies are made from these pages). */
export function stylesheetsFirst(): Plugin {
  return {
    name: 'ebank:stylesheets-first',
    apply: 'build',
    transformIndexHtml: { order: 'post', handler: stylesheetsBeforeScripts },
  };
}
