// One linter for the whole tree (STYLE.md habit 5); Prettier owns formatting.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import importX from 'eslint-plugin-import-x'
import { readdirSync } from 'node:fs'

// Portal feature zones (STYLE.md: a feature imports components/, api/, renderer/ and the
// shared tree, never another feature; what two features share moves down to one of those).
// One zone per folder of src/portal/features, read from the tree so a new feature is covered
// without an edit here. The app (router, layout) composes the features and may import them.
const portalFeatures = readdirSync('src/portal/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const portalZones = [
  ...portalFeatures.map((feature) => ({
    target: `./src/portal/features/${feature}`,
    from: './src/portal/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature; move what both use to components/ or api/.',
  })),
  {
    target: './src/portal/features',
    from: './src/portal/app',
    message: 'The app composes the features; a feature does not reach back into it.',
  },
  {
    target: ['./src/portal/components', './src/portal/api', './src/portal/renderer'],
    from: ['./src/portal/features', './src/portal/app'],
    message: 'The shared layers of the portal do not depend on a feature or on the app.',
  },
]

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-fixtures',
      'data',
      'src/generated',
      'bench-results',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/portal/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The portal must never reach into the server (DESIGN.md section 3).
      'no-restricted-imports': ['error', { patterns: ['**/server/**'] }],
      // Mantine's Loader is a span: axe forbids a name on it (aria-prohibited-attr, serious).
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name='Loader'] > JSXAttribute[name.name='aria-label']",
          message: 'A named loader is <Loading /> (components/loading.tsx), a status.',
        },
        {
          // Chromium's date input follows the browser's language, not the page's.
          selector: "JSXAttribute[name.name='type'][value.value='date']",
          message: 'A date is <DateField /> (components/date-field.tsx), in the page language.',
        },
      ],
    },
  },
  {
    files: ['src/portal/components/loading.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/portal/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: portalZones }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/server/**', '**/portal/**'] }],
    },
  },
  // Demo data stays out of production (STYLE.md): no server module imports src/server/demo/
  // statically. main.ts loads it with import() when DEMO is on, which this rule does not
  // see by design; tests and scripts/ are outside src/ and may import it.
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/demo/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)demo/',
              message: 'Demo data loads only through main.ts when DEMO is on.',
            },
          ],
        },
      ],
    },
  },
  // No import cycles (issue 12), so every module can be read and loaded on its own. import-x
  // skips type-only imports when it walks the graph, with no option to count them (its
  // rules/no-cycle.js); test/unit/import-cycles.test.ts counts them instead.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    languageOptions: { parser: tseslint.parser },
    settings: {
      // Without the extensions list the rule resolves nothing and silently finds no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] }),
      ],
    },
    rules: {
      // Packages cannot import our files back; walking them also overflows the parser on
      // PGlite's minified bundle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // The ledger's tables are the ledger's (DESIGN.md section 3, STYLE.md habit 4): other areas
  // read and move money through src/server/ledger/ functions, which check what must hold.
  // The schema files declare foreign keys to them; the demo backdates its seeded transfers.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/server/ledger/**', 'src/server/db/**', 'src/server/demo/ledger-dates.ts'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src',
              from: './src/server/db/schema-ledger.ts',
              message: 'Ask a src/server/ledger/ function instead of reading the ledger tables.',
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
)
