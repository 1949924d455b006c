/**
 * The repository's documents name only files that exist: every path written as inline code in a
 * Markdown file (`packages/web/src/router.tsx`, `http/reply.ts`, `wire.ts`) must name a file or folder
 * of the repository. A shortened path counts when it is the end of one (`http/reply.ts` is
 * `packages/mock-server/src/http/reply.ts`), so prose can stay short and still be checked. What git
 * ignores (build output, reports) is made by a run and is not checked. Code blocks are commands and
 * examples, not references, so only inline code is read.
 */
import { execFileSync } from 'node:child_process';
import { Lexer, walkTokens, type Token } from 'marked';

/** The endings of the files a document may name. */
const FILE_EXTENSION = /\.(?:[cm]?[jt]sx?|md|json|ya?ml|sh|css|html|svg|png|patch)$/u;
/** An extension alone, such as `.d.ts`: a kind of file, not a file. */
const ONLY_EXTENSIONS = /^(?:\.[a-z]+)+$/u;
/** A path: segments of letters, digits and `._@-`, split by `/`, optionally ending with one. */
const PATH_SHAPE = /^(?:[\w.@-]+\/)*[\w.@-]+\/?$/u;

/**
 * The inline code of a document that reads as a path of the repository: one that ends with a file's
 * extension, or a folder path whose first folder is one at the top of the repository (so `multipart/form-data`
 * and `/api/users.php` are not paths, and a URL is not either).
 */
export function pathsIn(markdown: string, topFolders: ReadonlySet<string>): string[] {
  const found: string[] = [];
  // Only inline code is read, so the walk never waits on anything.
  void walkTokens(Lexer.lex(markdown), (token: Token) => {
    const raw: unknown = token.type === 'codespan' ? token.text : undefined;
    if (typeof raw !== 'string') return;
    const text = decodeEntities(raw).trim();
    if (!PATH_SHAPE.test(text) || ONLY_EXTENSIONS.test(text)) return;
    const first = text.split('/')[0] ?? '';
    if (FILE_EXTENSION.test(text) || (text.includes('/') && topFolders.has(first))) found.push(text);
  });
  return found;
}

/** The lexer writes `&`, `<`, `>` and quotes of a code span as HTML entities. */
const decodeEntities = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39);/gu, (_m, name: string) =>
    name === 'amp' ? '&' : name === 'lt' ? '<' : name === 'gt' ? '>' : name === 'quot' ? '"' : "'",
  );

/** The files and folders of a tree, as paths from its root (folders without their trailing `/`). */
export interface Tree {
  readonly files: readonly string[];
  /** Paths git ignores: a named path under one of these is not checked. */
  readonly isIgnored: (path: string) => boolean;
}

/** Whether `path` is a file or folder of the tree, or the end of one (whole segments only). */
export function existsIn(path: string, entries: ReadonlySet<string>): boolean {
  const wanted = path.replace(/\/$/u, '');
  if (entries.has(wanted)) return true;
  for (const entry of entries) if (entry.endsWith(`/${wanted}`)) return true;
  return false;
}

/** Every file of a tree and every folder above one. */
export function entriesOf(files: readonly string[]): Set<string> {
  const entries = new Set<string>();
  for (const file of files) {
    entries.add(file);
    const parts = file.split('/');
    for (let i = 1; i < parts.length; i += 1) entries.add(parts.slice(0, i).join('/'));
  }
  return entries;
}

/** A path a document names that is not in the tree. */
export interface MissingPath {
  readonly document: string;
  readonly path: string;
}

/** The paths that the Markdown documents of a tree name and that it does not hold. */
export function missingPaths(tree: Tree, read: (document: string) => string): MissingPath[] {
  const entries = entriesOf(tree.files);
  const files = new Set(tree.files);
  const topFolders = new Set([...entries].filter((e) => !e.includes('/') && !files.has(e)));
  const missing: MissingPath[] = [];
  for (const document of tree.files.filter((f) => f.endsWith('.md'))) {
    for (const path of pathsIn(read(document), topFolders)) {
      if (!existsIn(path, entries) && !tree.isIgnored(path)) missing.push({ document, path });
    }
  }
  return missing;
}

/** The repository at `root` as git sees it: tracked files and new ones it does not ignore. */
export function gitTree(root: string): Tree {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
  const files = git('ls-files', '-z', '--cached', '--others', '--exclude-standard')
    .split('\0')
    .filter((f) => f !== '');
  // A deleted file that is still in the index is gone.
  const deleted = new Set(git('ls-files', '-z', '--deleted').split('\0'));
  return {
    files: files.filter((f) => !deleted.has(f)),
    // A folder that is not there yet (`packages/web/dist` before a build) matches a folder pattern such
    // as `dist/` only when it is asked about as a folder.
    isIgnored: (path) => {
      try {
        git('check-ignore', '--no-index', '--', path, path.endsWith('/') ? path : `${path}/`);
        return true;
      } catch {
        return false;
      }
    },
  };
}
