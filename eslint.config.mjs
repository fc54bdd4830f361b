// Lint for the whole workspace. The import rules hold the architecture's walls (STYLE.md):
// a remote imports only itself and @tour/shared; the API only itself and @tour/core; @tour/core
// imports no browser package; @tour/shared imports no app; no cycles.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

const FRONT_END_APPS = ['shell', 'booking', 'accounting', 'reports', 'agent'];
const ALL_APPS = [...FRONT_END_APPS, 'api'];

/** antd reaches the apps only through the UI kit (@tour/shared/ui), one shared module. */
const ANTD_ONLY_IN_KIT = {
  group: ['antd', 'antd/*', '@ant-design/*'],
  message: 'Компоненты antd берутся из @tour/shared/ui (UI-кит), не из antd напрямую.',
};

/**
 * The router and the Redux libraries reach the apps' code only through the facades of
 * @tour/shared, each one shared module. Tests may import them directly: nothing federates there.
 */
const LIBRARIES_ONLY_IN_FACADES = {
  group: [
    'react-router',
    'react-router-dom',
    'react-redux',
    '@reduxjs/toolkit',
    '@reduxjs/toolkit/*',
  ],
  message:
    'Роутер берётся из @tour/shared/router, Redux Toolkit и react-redux — из @tour/shared/state.',
};
const TESTS = ['**/*.test.{ts,tsx}', '**/testing/**'];

/** The features of an app: the folders under apps/<app>/src/features that exist now. */
function featuresOf(app) {
  const dir = path.join(import.meta.dirname, 'apps', app, 'src', 'features');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/**
 * A feature imports shared code and itself, never another feature of its app (STYLE.md): what
 * two features need is a widget of the app's components/ or a piece of @tour/shared.
 */
function featureZones(app) {
  const features = `./apps/${app}/src/features`;
  return featuresOf(app).map((feature) => ({
    target: `${features}/${feature}`,
    from: features,
    except: [`./${feature}`],
    message:
      'Фича не импортирует другую фичу своего приложения: общий виджет перенесите в components/ ' +
      'приложения, а то, что нужно двум приложениям, — в @tour/shared или @tour/shared/ui.',
  }));
}

/** The API's modules: the folders under apps/api/src/routes. */
const API_ROUTES = path.join(import.meta.dirname, 'apps', 'api', 'src', 'routes');
const apiModules = () =>
  fs
    .readdirSync(API_ROUTES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * The files of an API module that another module may import: its services (`service.ts`,
 * `<name>-service.ts`) and its routes (`index.ts`: history lends its История tab that way).
 */
function publicFilesOf(module) {
  return fs
    .readdirSync(path.join(API_ROUTES, module))
    .filter((file) => /^(index|service|[a-z-]+-service)\.ts$/.test(file))
    .map((file) => `./${module}/${file}`);
}

/**
 * A module of the API reaches another only through its service (apps/api/README.md, «Walls»):
 * never its repository nor its other files. What several modules need lives below them, in
 * src/domain/ or src/lib/.
 */
function apiModuleZones() {
  const modules = apiModules();
  return modules.map((module) => ({
    target: `./apps/api/src/routes/${module}`,
    from: './apps/api/src/routes',
    except: [`./${module}`, ...modules.filter((other) => other !== module).flatMap(publicFilesOf)],
    message:
      'Модуль API обращается к другому модулю только через его сервис (service.ts, *-service.ts): ' +
      'не к репозиторию и не к другим файлам. Общее для модулей — в src/domain или src/lib.',
  }));
}

/** Packages a browser needs and the API must not load (@tour/core runs anywhere without them). */
const BROWSER_PACKAGES = [
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'react-router',
  'react-router-dom',
  'react-redux',
  '@reduxjs/*',
  'axios',
  'antd',
  'antd/*',
  '@ant-design/*',
  '@tour/shared',
  '@tour/shared/*',
];

/**
 * The API takes the shared code from @tour/core, never from the browser's @tour/shared; a front
 * end takes @tour/core through @tour/shared, which re-exports it (one federated module).
 */
function packageWalls(app) {
  return app === 'api'
    ? [
        {
          group: BROWSER_PACKAGES,
          message:
            'API берёт общий код из @tour/core, без браузерных пакетов (@tour/shared, React, antd).',
        },
      ]
    : [
        {
          group: ['@tour/core', '@tour/core/*'],
          message: 'Приложение берёт @tour/core через @tour/shared (он его переэкспортирует).',
        },
      ];
}

/**
 * An app reaches other apps neither by package name nor by a path into their folders; outside its
 * tests, it takes the router and Redux from the facades.
 */
function appWalls(app) {
  return [
    wallsOf(app, { files: [`apps/${app}/**/*.{ts,tsx,js,mjs}`] }, []),
    wallsOf(app, { files: [`apps/${app}/**/*.{ts,tsx}`], ignores: TESTS }, [
      LIBRARIES_ONLY_IN_FACADES,
    ]),
  ];
}

function wallsOf(app, scope, extraPatterns) {
  const others = ALL_APPS.filter((other) => other !== app);
  return {
    ...scope,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: others
                .map((other) => `@tour/${other}`)
                .concat(others.map((o) => `@tour/${o}/*`)),
              message: 'Приложение импортирует только себя и @tour/shared.',
            },
            ...packageWalls(app),
            {
              group: [
                '@tour/shared/*',
                '!@tour/shared/ui',
                '!@tour/shared/router',
                '!@tour/shared/state',
                '!@tour/shared/testing',
                '**/packages/shared/**',
              ],
              message:
                'Импортируйте @tour/shared только по имени пакета: @tour/shared, @tour/shared/ui, ' +
                '@tour/shared/router, @tour/shared/state или (в тестах) @tour/shared/testing.',
            },
            ANTD_ONLY_IN_KIT,
            ...extraPatterns,
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: `./apps/${app}`,
              from: './apps',
              except: [`./${app}`],
              message: 'Приложение импортирует только себя и @tour/shared.',
            },
            ...featureZones(app),
            ...(app === 'api' ? apiModuleZones() : []),
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'data/**',
      'e2e/output/**',
      'bench/output/**',
      'tools/lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    settings: {
      // Without these, import-x parses no TypeScript file it follows, and no-cycle sees nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  ...ALL_APPS.flatMap(appWalls),
  {
    // @tour/core runs anywhere: no app, no @tour/shared, no browser package.
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@tour/*', ...BROWSER_PACKAGES],
              message: '@tour/core не импортирует приложения, @tour/shared и браузерные пакеты.',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './packages/core',
              from: ['./apps', './packages/shared'],
              message: '@tour/core не импортирует приложения и @tour/shared.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@tour/*', '!@tour/core'],
              message: '@tour/shared не импортирует приложения.',
            },
            ANTD_ONLY_IN_KIT,
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './packages/shared',
              from: './apps',
              message: '@tour/shared не импортирует приложения.',
            },
          ],
        },
      ],
    },
  },
  {
    // The UI kit: the one place antd is imported. It takes the main entry by the package name
    // (each entry is a federation module of its own: a relative path would copy the API slice);
    // so do the test helpers, which stub the apps' one `http` client.
    files: ['packages/shared/src/ui/**/*.{ts,tsx}', 'packages/shared/src/testing/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@tour/*', '!@tour/shared'],
              message: '@tour/shared не импортирует приложения.',
            },
            {
              group: ['../*'],
              message: 'UI-кит берёт основной вход @tour/shared по имени пакета, не по пути.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server has no React: its use* helpers (useTestDatabase) are not hooks.
    files: ['apps/api/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // Migrations are frozen in time and must not know today's schema types: Kysely<any> on purpose.
    files: ['apps/api/src/db/migrations/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['**/*.{js,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
