import path from 'node:path';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** kebab-case file names (STYLE §6); `+types`, `$` splat files and dotted suffixes (.server, .test) are fine. */
const kebabCaseFiles = {
  meta: { type: 'suggestion', messages: { kebab: 'File names are kebab-case: {{name}}' } },
  create(context) {
    return {
      Program(node) {
        const name = path.basename(context.filename);
        const parts = name.split('.').slice(0, -1);
        const ok = parts.every((part) => /^[a-z0-9]+(-[a-z0-9]+)*$/.test(part) || part === '$');
        if (!ok) context.report({ node, messageId: 'kebab', data: { name } });
      },
    };
  },
};

const SONNER = {
  name: 'sonner',
  message: "Toasts go through '~/lib/toasts' (or './lib/toasts'), which loads sonner after the page works.",
};

const frameworkImports = [
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'react-router',
  '@react-router/*',
  'sonner',
  'lucide-react',
];

export default tseslint.config(
  {
    ignores: [
      'build/',
      'bench/floor/build/',
      'bench/floor/.react-router/',
      'data/',
      '.react-router/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'screenshots/',
      'scratch/',
      'public/',
      'scripts/object-groupby-polyfill.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { local: { rules: { 'kebab-case-files': kebabCaseFiles } }, 'import-x': importX },
    rules: {
      'local/kebab-case-files': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { maxDepth: 8, ignoreExternal: true }],
    },
    settings: {
      'import-x/resolver': { typescript: true, node: true },
    },
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // The walls (DESIGN §3, STYLE §6).
  {
    // The toast library loads after the page works (app/lib/toasts.tsx); a static import would put it back.
    files: ['app/*.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [SONNER] }] },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['~/*', '**/app/**'], message: 'core/ never imports app/.' },
            { group: frameworkImports, message: 'core/ holds business rules without React or React Router.' },
          ],
        },
      ],
    },
  },
  {
    files: ['db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['~/*', '**/app/**', ...frameworkImports],
              message: 'db/ never imports app/ or UI code.',
            },
          ],
        },
      ],
    },
  },
  {
    // Routes stay thin: they call core/, which owns every query (STYLE §1, §13).
    files: ['app/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['\\#db/*', '**/db/**', 'drizzle-orm', 'drizzle-orm/*'],
              message: 'Routes call core/, never the database or Drizzle directly.',
            },
          ],
          paths: [SONNER],
        },
      ],
    },
  },
  {
    // Components render what loaders give them: core's services are for the server (types are fine).
    files: ['app/components/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '\\#core/*/service',
                '\\#core/*/management',
                '\\#core/*/refunds',
                '\\#core/*/reports',
                '\\#core/*/export',
                '\\#core/media/images',
                '\\#core/media/storage',
              ],
              allowTypeImports: true,
              message:
                'Components never call core services; take the data from the route (types may be imported).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/components/**/*.{ts,tsx}', 'app/lib/**/*.{ts,tsx}'],
    ignores: ['app/**/*.server.ts', 'app/lib/context.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['\\#db/*', '**/db/**', '\\#server/*', '**/server/**'],
              message: 'Components and browser helpers never import the database or the server.',
            },
          ],
          paths: [SONNER],
        },
      ],
    },
  },
);
