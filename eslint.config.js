// Lint: the recommended sets of ESLint, typescript-eslint, React hooks and Astro; `npm run lint`
// also checks formatting with Prettier (.prettierrc.json).
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'data/', '.astro/', '.cache/', 'node_modules/', 'public/', 'tests/fixtures/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      // `_name` marks a parameter a signature needs but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
    },
  },
  {
    // A migration is frozen in time: it works on Kysely<any>, never on today's Database type.
    files: ['migrations/**/*.ts', 'adapters/postgres/migrate.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
