import { describe, expect, it } from 'vitest';
import { preloadTags, routePreloads, type Manifest } from './route-preloads';

/** A manifest shaped as Vite writes it for the portal's file routes (names shortened). */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_framework.js', '_utils.js'] },
  '_framework.js': { file: 'assets/framework.js' },
  '_utils.js': { file: 'assets/utils.js', imports: ['_framework.js'] },
  '_form.js': { file: 'assets/form.js', imports: ['_framework.js', '_utils.js'] },
  '_card.js': { file: 'assets/card.js' },
  '_schemas.js': { file: 'assets/schemas.js' },
  'src/lib/api-client.ts': { file: 'assets/api-client.js', imports: ['_schemas.js', 'index.html'] },
  'src/routes/index.tsx?tsr-split=component---loader---pendingComponent': { file: 'assets/home.js' },
  'src/routes/account/route.tsx?tsr-split=component---loader---pendingComponent': {
    file: 'assets/account-layout.js',
    imports: ['_card.js'],
  },
  'src/routes/account/route.tsx?tsr-split=errorComponent': { file: 'assets/account-error.js' },
  'src/routes/account/index.tsx?tsr-split=component---loader---pendingComponent': { file: 'assets/landing.js' },
  'src/routes/account/login.tsx?tsr-split=component---loader---pendingComponent': {
    file: 'assets/login.js',
    imports: ['_form.js', 'index.html'],
  },
  'src/routes/account/verify/index.tsx?tsr-split=component---loader---pendingComponent': {
    file: 'assets/verify.js',
  },
  'src/routes/account/verify/$email.tsx?tsr-split=component---loader---pendingComponent': {
    file: 'assets/verify-email.js',
    imports: ['_form.js'],
  },
  'src/routes/account/reset/r/$email/$token.tsx?tsr-split=component---loader---pendingComponent': {
    file: 'assets/reset-link.js',
  },
  'src/routes/dashboard/route.tsx?tsr-split=component---loader---pendingComponent': { file: 'assets/shell.js' },
  'src/routes/dashboard/index.tsx?tsr-split=component---loader---pendingComponent': { file: 'assets/dash.js' },
  'src/routes/dashboard/send/index.tsx?tsr-split=component---loader---pendingComponent': { file: 'assets/send.js' },
  'src/routes/dashboard/send/index.tsx?tsr-split=notFoundComponent': { file: 'assets/send-404.js' },
};

const preloads = routePreloads(MANIFEST);

describe('routePreloads', () => {
  it("lists a page's chunks and the layouts' around it, with what they import, beyond the entry's", () => {
    expect(preloads('/account/login')).toEqual([
      'assets/account-layout.js',
      'assets/card.js',
      'assets/form.js',
      'assets/login.js',
    ]);
  });

  it("takes a folder's index page for the folder's address, with or without a trailing slash", () => {
    expect(preloads('/account')).toEqual(['assets/account-layout.js', 'assets/card.js', 'assets/landing.js']);
    expect(preloads('/account/')).toEqual(preloads('/account'));
    expect(preloads('/')).toEqual(['assets/home.js']);
  });

  it('matches a $param route with any one segment, and a static route before it', () => {
    expect(preloads('/account/verify/ada%40bank.test')).toContain('assets/verify-email.js');
    expect(preloads('/account/verify')).toContain('assets/verify.js');
    expect(preloads('/account/verify')).not.toContain('assets/verify-email.js');
    expect(preloads('/account/reset/r/ada%40bank.test/abc')).toContain('assets/reset-link.js');
  });

  it('leaves out the views for errors and missing pages', () => {
    expect(preloads('/account/login')).not.toContain('assets/account-error.js');
    expect(preloads('/dashboard/send')).not.toContain('assets/send-404.js');
  });

  it("lists the signed-in pages' chunks, and no lazily loaded module such as the API client", () => {
    expect(preloads('/dashboard')).toEqual(['assets/dash.js', 'assets/shell.js']);
    expect(preloads('/dashboard/send')).toEqual(['assets/send.js', 'assets/shell.js']);
  });

  it('gives nothing for an address no page has, or only a layout has', () => {
    expect(preloads('/nowhere')).toEqual([]);
    expect(preloads('/account/login/extra')).toEqual([]);
    expect(preloads('/account/reset/r/only-one')).toEqual([]);
    expect(routePreloads({})('/account/login')).toEqual([]);
  });
});

describe('preloadTags', () => {
  it('writes the links as the build writes its own', () => {
    expect(preloadTags('/wp-user/', ['assets/a.js', 'assets/b.js'])).toBe(
      '<link rel="modulepreload" crossorigin href="/wp-user/assets/a.js"><link rel="modulepreload" crossorigin href="/wp-user/assets/b.js">',
    );
  });
});
