import { describe, expect, it } from 'vitest';
import { prerenderedDocument, prerenderedFile, waitingDocument, withModulePreloads } from './prerender-plugin';
import { BUILT_INDEX as INDEX } from './testing/built-index';

describe('prerenderedDocument', () => {
  const page = prerenderedDocument(INDEX, '/account/login', '<h1>Sign in</h1>');
  const head = page.slice(0, page.indexOf('</head>'));

  it("puts the page's markup in #root, naming the page it was rendered for", () => {
    expect(page).toContain('<div id="root" data-prerendered="/account/login"><h1>Sign in</h1></div>');
  });

  it("keeps index.html's own script, preload and style tags as they are", () => {
    expect(head).toContain('<script type="module" crossorigin src="/wp-user/assets/index-1.js"></script>');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/wp-user/assets/vendor-1.js">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/wp-user/assets/index-1.css">');
    expect(page).not.toContain('<template id="portal-start">');
  });

  it('is painted only once the whole markup is parsed, so that no part of it moves when the rest arrives', () => {
    expect(head).toContain('<link rel="expect" href="#portal-markup-end" blocking="render">');
    expect(page).toContain('<h1>Sign in</h1></div><template id="portal-markup-end"></template>');
  });

  it('names the page in the head with the title rendered with it, and leaves none in #root', () => {
    const titled = prerenderedDocument(INDEX, '/account/login', '<title>Sign in · E-Banking</title><h1>Sign in</h1>');
    expect(titled.slice(0, titled.indexOf('</head>'))).toContain('<title>Sign in · E-Banking</title>');
    expect(titled.match(/<title>/gu)).toHaveLength(1);
    expect(titled).toContain('<div id="root" data-prerendered="/account/login"><h1>Sign in</h1></div>');
    // Without one, index.html's stays.
    expect(head).toContain(/<title>[^<]*<\/title>/u.exec(INDEX)?.[0]);
  });

  it('keeps markup with `$` patterns as it is', () => {
    expect(prerenderedDocument(INDEX, '/account', "<p>$& $' $1</p>")).toContain("<p>$& $' $1</p>");
  });

  it('refuses an index.html without an empty #root', () => {
    expect(() => prerenderedDocument(INDEX.replace('<div id="root"></div>', ''), '/account', '')).toThrow(
      'index.html has no',
    );
  });
});

describe('waitingDocument', () => {
  const page = waitingDocument(INDEX, '<p role="status">Loading your dashboard…</p>');

  it('holds the waiting frame in #root, naming no page, so the client renders its page in its place', () => {
    expect(page).toContain('<div id="root"><p role="status">Loading your dashboard…</p></div>');
    expect(page).not.toContain('data-prerendered');
    expect(page.slice(0, page.indexOf('</head>'))).toBe(INDEX.slice(0, INDEX.indexOf('</head>')));
  });

  it('refuses an index.html without an empty #root', () => {
    expect(() => waitingDocument(INDEX.replace('<div id="root"></div>', ''), '')).toThrow('index.html has no');
  });
});

describe('prerenderedFile', () => {
  it("is the index.html of the folder a static host serves at the page's address", () => {
    expect(prerenderedFile('/account')).toBe('account/index.html');
    expect(prerenderedFile('/account/login')).toBe('account/login/index.html');
  });
});

describe('withModulePreloads', () => {
  it("preloads a page's route code in the head, beside index.html's own tags", () => {
    const page = withModulePreloads(INDEX, '/wp-user/', ['assets/route-1.js', 'assets/login-1.js']);
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/wp-user/assets/route-1.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/wp-user/assets/login-1.js">');
    expect(head).toContain('<script type="module" crossorigin src="/wp-user/assets/index-1.js"></script>');
    expect(page.slice(page.indexOf('</head>'))).toBe(INDEX.slice(INDEX.indexOf('</head>')));
  });

  it('names a file once, also one index.html preloads already', () => {
    const page = withModulePreloads(INDEX, '/wp-user/', ['assets/vendor-1.js', 'assets/route-1.js']);
    expect(page.split('assets/vendor-1.js').length).toBe(2);
    expect(page.split('assets/route-1.js').length).toBe(2);
  });

  it('leaves a page without route code as it is', () => {
    expect(withModulePreloads(INDEX, '/wp-user/', [])).toBe(INDEX);
  });
});
