// ESLint flat config: typescript-eslint (type-aware on the engine and the renderer), the react-hooks rules on the
// renderer. `npm test` runs it; zero findings is the bar.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'resources/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (an interface's signature, a key dropped by a rest pattern).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // A caught value passed on as a rejection stays what was thrown; wrapping it would change what callers see.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    files: ['src-main/workbench/**/*.ts', 'src-main/cli/commands/*.ts'],
    rules: {
      // The services implement the WorkbenchApi contract, and the commands the CLI's `run(argv, io, ctx)`, where every
      // method returns a promise; `async` keeps a throw a rejection for their callers even where the body awaits nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Views never reach for the transport: they read with useQuery, change with useCommand (src-renderer/src/data),
    // or call an action module (src-renderer/src/actions). Only those two and the start-up wiring hold the client.
    files: ['src-renderer/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/api/client', '**/api/ws-client'], message: 'A view reads with useQuery and changes with useCommand (data/), or calls an action (actions/).' }] }],
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.name='api']", message: 'A view reads with useQuery and changes with useCommand (data/), or calls an action (actions/).' }],
    },
  },
  {
    files: ['src-renderer/**/*.tsx'],
    rules: {
      // Components destructure callback props, hook results and zustand actions that are typed with method shorthand
      // but are plain closures that never read `this`; the classes (LogWriter, SeqRing, ...) live in .ts files, still checked.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['tests/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      // Tests, e2e specs and benchmarks read untyped JSON (wire answers, files, page.evaluate) and assert on it at once;
      // typing every probe would add casts, not safety. The promise and type rules stay on.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      // The same untyped JSON, and `window` globals a page defines for a benchmark: `any` is how a probe says so.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    // CommonJS on purpose: the bin shim that loads the bundled CLI and the Electron stub the tests preload.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
