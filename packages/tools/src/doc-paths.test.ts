import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { entriesOf, existsIn, gitTree, missingPaths, pathsIn } from './doc-paths';

const TOP = new Set(['packages', 'docs', 'bench']);

describe('pathsIn', () => {
  it('reads paths from inline code: files by their extension, folders under a top folder', () => {
    const markdown = [
      'See `packages/web/src/router.tsx`, `http/reply.ts` and `wire.ts`; output in `bench/reference`.',
      'Not paths: `/api/users.php`, `multipart/form-data`, `https://host.example/a.ts`, `MOCK_HOST`,',
      '`e2e/<file>.e2e.ts`, `pnpm test`, `.d.ts`, `docs/decisions/*.md`.',
    ].join('\n');
    expect(pathsIn(markdown, TOP)).toEqual([
      'packages/web/src/router.tsx',
      'http/reply.ts',
      'wire.ts',
      'bench/reference',
    ]);
  });

  it('skips code blocks (commands and examples) and reads code inside lists and tables', () => {
    const markdown = [
      '```sh',
      'cat packages/gone.ts',
      '```',
      '- a list item names `docs/a.md`',
      '',
      '| file | why |',
      '|---|---|',
      '| `packages/b.ts` | a table cell |',
    ].join('\n');
    expect(pathsIn(markdown, TOP)).toEqual(['docs/a.md', 'packages/b.ts']);
  });
});

describe('existsIn', () => {
  const entries = entriesOf(['packages/mock-server/src/http/reply.ts', 'README.md']);

  it('finds a whole path, a folder, or the end of a path in whole segments', () => {
    expect(existsIn('packages/mock-server/src/http/reply.ts', entries)).toBe(true);
    expect(existsIn('http/reply.ts', entries)).toBe(true);
    expect(existsIn('reply.ts', entries)).toBe(true);
    expect(existsIn('packages/mock-server/src/', entries)).toBe(true);
    expect(existsIn('README.md', entries)).toBe(true);
  });

  it('does not take part of a name for a name', () => {
    expect(existsIn('ply.ts', entries)).toBe(false);
    expect(existsIn('src/lib/query-factories.ts', entries)).toBe(false);
    expect(existsIn('http/api-core.ts', entries)).toBe(false);
  });
});

describe('missingPaths', () => {
  it('lists each document with the paths it names that are gone, not those git ignores', () => {
    const documents: Record<string, string> = {
      'README.md': 'Start at `packages/web/src/main.tsx`; reports go to `test-results/e2e-report/`.',
      'docs/decisions/0001-x.md': 'Replaced `packages/web/src/lib/query-factories.ts`.',
    };
    const tree = {
      files: [...Object.keys(documents), 'packages/web/src/main.tsx'],
      isIgnored: (p: string) => p.startsWith('test-results/'),
    };
    expect(missingPaths(tree, (document) => documents[document] ?? '')).toEqual([
      { document: 'docs/decisions/0001-x.md', path: 'packages/web/src/lib/query-factories.ts' },
    ]);
  });
});

describe("the repository's documents", () => {
  it('name only files and folders that exist', () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const missing = missingPaths(gitTree(root), (document) => readFileSync(path.join(root, document), 'utf8'));
    expect(missing.map(({ document, path: named }) => `${document}: \`${named}\``)).toEqual([]);
  });
});
