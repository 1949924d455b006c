// One flat config for the whole workspace.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The tools depend on the contract, never the other way; the portal does not carry them either. */
const NO_TOOLS = {
  group: ['@ebank/tools', '@ebank/tools/*'],
  message: 'The contract and the portal do not import the tools.',
};
const CLASSIC_ZOD = ['zod', 'zod/v4', 'zod/v4/classic', 'zod/v3'].map((name) => ({
  name,
  message: "Write schemas with 'zod/mini' (docs/decisions/0060-schemas-in-zod-mini.md).",
}));

export default defineConfig(
  globalIgnores(['**/dist/**', '**/node_modules/**', '**/coverage/**', '**/test-results/**', '**/*.gen.ts']),
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      // One program for the workspace (tsconfig.json), one for the benchmark's reference app.
      parserOptions: {
        project: ['./tsconfig.json', './bench/reference/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'interface'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-control-regex': 'off',
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}', 'packages/demo/**/*.tsx'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    rules: {
      // TanStack Router's `redirect()` and `notFound()` are meant to be thrown.
      '@typescript-eslint/only-throw-error': [
        'error',
        {
          allow: [{ from: 'package', package: '@tanstack/router-core', name: ['Redirect', 'NotFoundError'] }],
          allowThrowingUnknown: false,
        },
      ],
    },
  },
  {
    // Every schema is written with zod/mini (decision 0060): one zod API, and the smaller one in a page.
    files: ['**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: CLASSIC_ZOD }] },
  },
  {
    files: ['packages/contract/**/*.ts', 'packages/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: CLASSIC_ZOD, patterns: [NO_TOOLS] }] },
  },
  {
    // The contract's modules take zod from its own module, which loads zod's English messages first.
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['packages/contract/src/zod.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...CLASSIC_ZOD, { name: 'zod/mini', message: "Take z from the contract's own './zod' (zod.ts)." }],
          patterns: [NO_TOOLS],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/testing/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  prettier,
);
