// @ts-check
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import serverModules from './eslint/server-modules.mjs';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

/**
 * A feature may import shared code and itself, never another feature (docs/architecture.md §10),
 * and sends changes through `useSingleFlightMutation`: one request per trigger (§8).
 */
const featureBoundaries = features.map((feature) => ({
  files: [`${featuresDir}/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          {
            name: '@tanstack/react-query',
            importNames: ['useMutation'],
            message:
              'Use useSingleFlightMutation from @/common/api: a double click must not send twice.',
          },
        ],
        patterns: features
          .filter((other) => other !== feature)
          .map((other) => ({
            group: [`@/features/${other}`, `@/features/${other}/**`, `**/features/${other}/**`],
            message: `Feature "${feature}" must not import feature "${other}"; move shared code to src/common.`,
          })),
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.revlane/**',
      '**/.revlane/**',
      'test-results/**',
      'playwright-report/**',
      '.ci-out/**',
      '**/*.d.mts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod$|\\.{1,2}/).*', message: 'contracts depends on nothing but zod.' },
          ],
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    // Server modules: entry points only, platform imports none, no cycles (docs/architecture.md §3.4).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', '**/__tests__/**'],
    plugins: { 'server-modules': serverModules },
    rules: { 'server-modules/boundaries': ['error', { srcRoot: 'apps/server/src' }] },
  },
);
