/**
 * Lets the mock bank (packages/mock-server/src/bank, written for Node) run in the browser unchanged: in
 * its modules, `node:crypto` is replaced by src/shims/crypto.ts, and those that use Node's global
 * `Buffer` get the small one of src/shims/buffer.ts imported instead. Only the bank's modules are
 * touched, so the rest of the page sees no `Buffer`, and a test beside the shims can still import Node's
 * own crypto. (The import is rewritten in the source rather than resolved elsewhere because Vite does
 * not resolve Node's built-in modules through plugins when it runs code in Node, as the tests do.)
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const CRYPTO_SHIM = path.join(here, 'src', 'shims', 'crypto.ts');
const BUFFER_SHIM = path.join(here, 'src', 'shims', 'buffer.ts');
const BANK_SOURCES = path.join(here, '..', 'mock-server', 'src', 'bank') + path.sep;

const inBank = (id: string) => path.normalize(id.split('?')[0] ?? id).startsWith(BANK_SOURCES);
const CRYPTO_IMPORT = /(\bfrom\s*)(['"])node:crypto\2/gu;

export function bankShims(): Plugin {
  return {
    name: 'ebank-demo:bank-shims',
    enforce: 'pre',
    transform(code, id) {
      if (!inBank(id)) return null;
      let shimmed = code.replace(CRYPTO_IMPORT, (_match, from: string) => `${from}${JSON.stringify(CRYPTO_SHIM)}`);
      // On the first line, so that every line keeps its number.
      if (/\bBuffer\b/u.test(code)) shimmed = `import { Buffer } from ${JSON.stringify(BUFFER_SHIM)}; ${shimmed}`;
      return shimmed === code ? null : { code: shimmed, map: null };
    },
  };
}
