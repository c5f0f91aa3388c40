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
    },
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
