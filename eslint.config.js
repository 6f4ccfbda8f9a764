// One ESLint config for the whole monorepo.
const tseslint = require('typescript-eslint');

module.exports = tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'scratch/**', 'coverage/**', '*.config.js', 'web/dist/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
  {
    // Event payloads are typed by the catalogue: narrow with a switch on `event.type` over the domain's union.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx', 'test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          'TSAsExpression[expression.property.name="data"]',
          'TSAsExpression[expression.expression.property.name="data"]',
          'TSTypeAssertion[expression.property.name="data"]',
        ].map((selector) => ({
          selector,
          message:
            'No `.data as`: event payloads are typed from the catalogue. Switch on `event.type` over the domain union (IdentityEvent, ModelEvent, ParameterEvent, SettingsEvent, BatchEvent in events/src/domain), read stored events through isEventOf, and type API answers with Envelope<T>.',
        })),
      ],
    },
  },
  {
    // The web app's layers, one way (shared → session → api → features → app), no feature importing another.
    files: ['web/src/**/*.ts', 'web/src/**/*.tsx'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
    plugins: { layers: require('./web/lint/layers.cjs') },
    rules: { 'layers/one-way': 'error' },
  },
  {
    files: ['**/*.spec.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
