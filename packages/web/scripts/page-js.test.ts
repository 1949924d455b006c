import { describe, expect, it } from 'vitest';
import {
  entryChunks,
  pageAddresses,
  pageFiles,
  routeChunk,
  routeChunksFor,
  routeFiles,
  staticClosure,
  type Manifest,
} from './page-js.ts';

const split = (file: string, groups = 'component---loader---pendingComponent') =>
  `src/routes/${file}.tsx?tsr-split=${groups}`;

/** A small build: an entry, a shared chunk imported in a cycle, route chunks and one chunk loaded by import(). */
const manifest: Manifest = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_app-1.js'] },
  '_app-1.js': {
    file: 'assets/app-1.js',
    imports: ['_runtime-1.js', '_app-1.css'],
    dynamicImports: [split('account/route'), split('account/login'), split('dashboard/route')],
  },
  '_app-1.css': { file: 'assets/app-1.css' },
  '_runtime-1.js': { file: 'assets/runtime-1.js' },
  '_form-1.js': { file: 'assets/form-1.js', imports: ['_fields-1.js', '_runtime-1.js'] },
  '_fields-1.js': { file: 'assets/fields-1.js', imports: ['_form-1.js'] },
  '_chart-1.js': { file: 'assets/chart-1.js' },
  [split('account/route')]: { file: 'assets/route-a.js', imports: ['_app-1.js'] },
  [split('account/index')]: { file: 'assets/account-1.js', imports: ['_app-1.js'] },
  [split('account/login')]: { file: 'assets/login-1.js', imports: ['_app-1.js', '_form-1.js'] },
  [split('account/verify/$email')]: { file: 'assets/email-1.js', imports: ['_form-1.js'] },
  [split('dashboard/route')]: { file: 'assets/route-d.js', imports: ['_app-1.js'] },
  [split('dashboard/route', 'errorComponent')]: { file: 'assets/route-e.js', imports: ['_app-1.js'] },
  [split('dashboard/index')]: {
    file: 'assets/dashboard-1.js',
    imports: ['_app-1.js'],
    dynamicImports: ['_chart-1.js'],
  },
  [split('dashboard/statements')]: { file: 'assets/statements-1.js', imports: ['_chart-1.js'] },
};

describe('routeChunk', () => {
  it('gives a route module its address by the file routing rules', () => {
    expect(routeChunk(split('account/route'))).toMatchObject({ segments: ['account'], index: false });
    expect(routeChunk(split('account'))).toMatchObject({ segments: ['account'], index: false });
    expect(routeChunk(split('account.login'))).toMatchObject({ segments: ['account', 'login'], index: false });
    expect(routeChunk(split('dashboard/index'))).toMatchObject({ segments: ['dashboard'], index: true });
    expect(routeChunk(split('(auth)/_layout/login/route'))).toMatchObject({ segments: ['login'], index: false });
    expect(routeChunk(split('account/verify/$email'))).toMatchObject({ segments: ['account', 'verify', '$email'] });
  });

  it('leaves out chunks that are no route module, and groups that load only on an error', () => {
    expect(routeChunk('_app-1.js')).toBeUndefined();
    expect(routeChunk('index.html')).toBeUndefined();
    expect(routeChunk(split('dashboard/route', 'errorComponent'))).toBeUndefined();
    expect(routeChunk(split('dashboard/route', 'notFoundComponent'))).toBeUndefined();
    expect(routeChunk(split('dashboard/route', 'loader'))).toBeDefined();
  });
});

describe('routeChunksFor', () => {
  it('finds the page and the layouts above it, not the index route of a layout', () => {
    expect(routeChunksFor(manifest, '/account/login')).toEqual([split('account/route'), split('account/login')]);
    expect(routeChunksFor(manifest, '/account/verify/someone@bank.test')).toEqual([
      split('account/route'),
      split('account/verify/$email'),
    ]);
  });

  it('takes both the layout and the index route at a layout address', () => {
    expect(new Set(routeChunksFor(manifest, '/dashboard'))).toEqual(
      new Set([split('dashboard/route'), split('dashboard/index')]),
    );
  });

  it('fails with the routes it knows when the page has no route chunk', () => {
    expect(() => routeChunksFor(manifest, '/account/signup')).toThrow(
      /No route chunk for \/account\/signup in the build manifest \(routes split out: account\/route, .*account\/login/u,
    );
  });
});

describe('staticClosure', () => {
  it('follows static imports transitively, once each, through cycles, and keeps JS files only', () => {
    expect(staticClosure(manifest, [split('account/login')])).toEqual([
      'assets/login-1.js',
      'assets/app-1.js',
      'assets/runtime-1.js',
      'assets/form-1.js',
      'assets/fields-1.js',
    ]);
  });

  it('does not follow dynamic imports', () => {
    expect(staticClosure(manifest, [split('dashboard/index')])).not.toContain('assets/chart-1.js');
  });

  it('fails on an import the manifest does not have', () => {
    expect(() => staticClosure({ a: { file: 'a.js', imports: ['b'] } }, ['a'])).toThrow(
      'The build manifest has no chunk b (imported by a)',
    );
  });
});

describe('pageFiles', () => {
  it('is the entry with the page route chunks and their static imports', () => {
    expect(pageFiles(manifest, '/account/login')).toEqual([
      'assets/index-1.js',
      'assets/app-1.js',
      'assets/runtime-1.js',
      'assets/route-a.js',
      'assets/login-1.js',
      'assets/form-1.js',
      'assets/fields-1.js',
    ]);
  });

  it('needs an entry chunk', () => {
    expect(() => entryChunks({ '_a.js': { file: 'a.js' } })).toThrow('The build manifest has no entry chunk');
  });
});

describe('pageAddresses', () => {
  it('lists each address with route code once, without parameters or the root', () => {
    expect(pageAddresses(manifest)).toEqual(['/account', '/account/login', '/dashboard', '/dashboard/statements']);
  });
});

describe('routeFiles', () => {
  it("gives a page's route code and its static imports, without what the entry loads already", () => {
    expect(routeFiles(manifest, '/account/login')).toEqual([
      'assets/route-a.js',
      'assets/login-1.js',
      'assets/form-1.js',
      'assets/fields-1.js',
    ]);
    expect(routeFiles(manifest, '/dashboard')).toEqual(['assets/route-d.js', 'assets/dashboard-1.js']);
  });
});
