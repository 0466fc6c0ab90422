import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Imports flow one way: shared ← server, shared ← web. The web app never imports the server. */
const layerRules = (forbidden, message) => ({
  'no-restricted-imports': ['error', { patterns: forbidden.map((group) => ({ group: [group], message })) }],
});

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.test-data/', 'data/', '.scratch/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...layerRules(['**/server/**'], 'The web app must not import server code; share it through src/shared.'),
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: layerRules(['**/server/**', '**/web/**'], 'src/shared is imported by both sides and imports neither.'),
  },
  {
    files: ['src/server/**/*.ts'],
    rules: layerRules(['**/web/**'], 'The server must not import web code; share it through src/shared.'),
  },
);
