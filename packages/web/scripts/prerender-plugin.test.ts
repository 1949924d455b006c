import { describe, expect, it } from 'vitest';
import { prerenderedDocument } from './prerender-plugin';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>E-banking</title>
    <script type="module" crossorigin src="/wp-user/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/wp-user/assets/core-1.js">
    <link rel="stylesheet" crossorigin href="/wp-user/assets/core-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('prerenderedDocument', () => {
  const page = prerenderedDocument(INDEX, '/account/login', '<h1>Sign in</h1>', '/wp-user/assets/boot-1.js');
  const head = page.slice(0, page.indexOf('</head>'));

  it("puts the page's markup in #root, naming the page it was rendered for", () => {
    expect(page).toContain('<div id="root" data-prerendered="/account/login"><h1>Sign in</h1></div>');
  });

  it('loads only the boot script and the styles before the first paint; the rest waits in the start template', () => {
    const template = /<template id="portal-start">(.*)<\/template>/u.exec(head)?.[1];
    expect(template).toBe(
      '<script type="module" crossorigin src="/wp-user/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/wp-user/assets/core-1.js">',
    );
    const outside = head.replace(/<template[\s\S]*<\/template>/u, '');
    expect(outside).toContain('<script type="module" crossorigin src="/wp-user/assets/boot-1.js"></script>');
    expect(outside).toContain('<link rel="stylesheet" crossorigin href="/wp-user/assets/core-1.css">');
    expect(outside).not.toContain('index-1.js');
    expect(outside).not.toContain('modulepreload');
  });

  it('is painted only once the whole markup is parsed, so that no part of it moves when the rest arrives', () => {
    expect(head).toContain('<link rel="expect" href="#portal-markup-end" blocking="render">');
    expect(page).toContain('<h1>Sign in</h1></div><template id="portal-markup-end"></template>');
  });

  it('keeps markup with `$` patterns as it is', () => {
    expect(prerenderedDocument(INDEX, '/account', "<p>$& $' $1</p>", '/b.js')).toContain("<p>$& $' $1</p>");
  });

  it('refuses an index.html without an empty #root or without scripts', () => {
    expect(() => prerenderedDocument(INDEX.replace('<div id="root"></div>', ''), '/account', '', '/b.js')).toThrow(
      'index.html has no',
    );
    expect(() => prerenderedDocument(INDEX.replace(/<script.*<\/script>/u, ''), '/account', '', '/b.js')).not.toThrow();
    expect(() =>
      prerenderedDocument(
        INDEX.replace(/<script.*<\/script>/u, '').replace(/<link rel="modulepreload".*>/u, ''),
        '/account',
        '',
        '/b.js',
      ),
    ).toThrow('loads no script');
  });
});
