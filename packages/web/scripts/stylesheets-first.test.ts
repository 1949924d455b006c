import { describe, expect, it } from 'vitest';
import { stylesheetsBeforeScripts } from './stylesheets-first.ts';
import { BUILT_INDEX as BUILT } from './testing/built-index.ts';

describe('the style sheets ahead of the scripts', () => {
  it('names the style sheet before the script and its preloads, and keeps every other tag as it was', () => {
    expect(stylesheetsBeforeScripts(BUILT)).toBe(`<!doctype html>
<html lang="en">
  <head>
    <title>E-Banking</title>
    <link rel="stylesheet" crossorigin href="/wp-user/assets/index-1.css">
    <script type="module" crossorigin src="/wp-user/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/wp-user/assets/vendor-1.js">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`);
  });

  it('moves every style sheet, in their order', () => {
    const two = BUILT.replace(
      '<link rel="stylesheet" crossorigin href="/wp-user/assets/index-1.css">',
      '<link rel="stylesheet" crossorigin href="/wp-user/assets/a.css">\n    <link rel="stylesheet" crossorigin href="/wp-user/assets/b.css">',
    );
    const head = stylesheetsBeforeScripts(two).split('</head>')[0] ?? '';
    const order = ['a.css', 'b.css', 'index-1.js', 'vendor-1.js'].map((file) => head.indexOf(file));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    expect(head.match(/rel="stylesheet"/gu)).toHaveLength(2);
  });

  it('leaves a page alone that has no script or no style sheet in its head, and the body untouched', () => {
    const noScript = BUILT.replace(/\n\s*<script[^\n]*<\/script>/u, '');
    expect(stylesheetsBeforeScripts(noScript)).toBe(noScript);
    const noSheet = BUILT.replace(/\n\s*<link rel="stylesheet"[^\n]*/u, '');
    expect(stylesheetsBeforeScripts(noSheet)).toBe(noSheet);
    const inBody = BUILT.replace('<div id="root"></div>', '<link rel="stylesheet" href="/x.css"><div id="root"></div>');
    expect(stylesheetsBeforeScripts(inBody)).toContain('<link rel="stylesheet" href="/x.css"><div id="root"></div>');
  });
});
