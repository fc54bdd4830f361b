// One webpack factory for every front-end app: swc for TypeScript, module federation with the
// shared singletons of the architecture, content-hashed files, mf-manifest.json, swc minification.
// The remotes build with the federation plugin; the shell, the host, builds without it and provides
// the same singletons through the federation runtime (apps/shell/src/lib/federation-host.ts).
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const webpack = require('webpack');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const sharedPackage = require('./packages/shared/package.json');

/**
 * FEDERATION_REQUIRED_VERSIONS, a test and diagnostic knob: a JSON object of shared key or package
 * name -> the range this build requires instead of the one package.json gives, for this build
 * only. `FEDERATION_REQUIRED_VERSIONS='{"react":"^18.3.1"}' npx webpack` builds a remote as if
 * it had been made against React 18 (a package name covers its deep keys, react/jsx-runtime and
 * react/), so a test can watch what the shell does with an incompatible major (the section's
 * fallback, the reason reported). Never set it for a release.
 */
function requiredVersionOverrides(raw = process.env.FEDERATION_REQUIRED_VERSIONS) {
  if (!raw) return {};
  let parsed;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new Error(`FEDERATION_REQUIRED_VERSIONS is not JSON: ${error.message}`);
  }
  const valid =
    typeof parsed === 'object' &&
    parsed !== null &&
    !Array.isArray(parsed) &&
    Object.values(parsed).every((range) => typeof range === 'string' && range !== '');
  if (!valid) {
    throw new Error('FEDERATION_REQUIRED_VERSIONS must be a JSON object of name -> version range');
  }
  return parsed;
}

/**
 * The shared singletons: one copy of each reaches the browser, the shell's. A remote that requires
 * another major of a third-party singleton than the shell provides fails to load (strictVersion:
 * the runtime throws, the shell shows the section's fallback and reports why) instead of running
 * on a copy it was not built for.
 */
function sharedSingletons(appDependencies, overrides = requiredVersionOverrides()) {
  const version = (name) => appDependencies[name] ?? sharedPackage.peerDependencies[name];
  const required = (key, name, range) => overrides[key] ?? overrides[name] ?? range;
  const singleton = (key, name = key) => ({
    singleton: true,
    strictVersion: true,
    requiredVersion: required(key, name, version(name)),
  });
  // @tour/shared and its facades are one workspace package: shell and remotes are built from the
  // same source, pinned to its exact version and, as before, not strict (a mismatch warns and the
  // shell's copy runs; strict on an exact pin would turn any bump of the package into an outage
  // of every remote not rebuilt with it).
  const workspaceEntry = (key) => ({
    singleton: true,
    requiredVersion: required(key, sharedPackage.name, sharedPackage.version),
    version: sharedPackage.version,
  });
  return {
    react: singleton('react'),
    'react/jsx-runtime': singleton('react/jsx-runtime', 'react'),
    // Prefix keys share the other deep imports too (react/jsx-dev-runtime in development).
    'react/': singleton('react/', 'react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom/', 'react-dom'),
    axios: singleton('axios'),
    dayjs: singleton('dayjs'),
    [sharedPackage.name]: workspaceEntry(sharedPackage.name),
    // The libraries shipped whole when shared directly reach the apps through facades, entries of
    // @tour/shared that re-export only what the apps use: antd through the UI kit (sharing 'antd'
    // itself shipped about 435 KB gzip to every first page), react-router through the router
    // facade, Redux Toolkit, RTK Query and react-redux through the state facade.
    [`${sharedPackage.name}/ui`]: workspaceEntry(`${sharedPackage.name}/ui`),
    [`${sharedPackage.name}/router`]: workspaceEntry(`${sharedPackage.name}/router`),
    [`${sharedPackage.name}/state`]: workspaceEntry(`${sharedPackage.name}/state`),
  };
}

/**
 * What the shell hands the remotes (lib/federation-host.ts): each shared singleton without a
 * trailing slash, with the version installed for `dir` and the range the apps require.
 */
function providedVersions(dir, appDependencies) {
  return Object.fromEntries(
    Object.entries(sharedSingletons(appDependencies))
      .filter(([key]) => !key.endsWith('/'))
      .map(([key, config]) => {
        const segments = key.split('/');
        const packageName = segments.slice(0, key.startsWith('@') ? 2 : 1).join('/');
        const installed =
          config.version ??
          require(require.resolve(`${packageName}/package.json`, { paths: [dir] })).version;
        return [key, { version: installed, requiredVersion: config.requiredVersion }];
      }),
  );
}

/**
 * @param {object} options
 * @param {string} options.name      federation name, also the folder a remote is served under
 * @param {string} options.dir       the app's folder (__dirname of its webpack.config.js)
 * @param {number} options.port      dev-server port
 * @param {Record<string,string>} [options.exposes]  what a remote exposes ('./Routes')
 * @param {string} [options.title]   page title of the app's own HTML page
 * @param {boolean} [options.host]   the shell: an ordinary build (no federation plugin) whose
 *   federation runtime loads with the first remote and hands the remotes its own modules
 */
function createWebpackConfig({ name, dir, port, exposes = {}, title = 'Турбюро', host = false }) {
  const appPackage = require(path.join(dir, 'package.json'));
  return (env = {}, argv = {}) => {
    // The release mark of this build (__RELEASE__, declared in @tour/shared contract/remotes.ts):
    // RELEASE when the release pipeline sets it, else the app's package.json version. A remote
    // exports it from ./Routes and the shell shows it under the section's pages.
    const release = process.env.RELEASE || appPackage.version;
    const production = argv.mode !== 'development';
    const appConfig = {
      name,
      context: dir,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      entry: { main: './src/index.ts' },
      output: {
        path: path.join(dir, 'dist'),
        // 'auto' lets a remote be served from any folder or host: chunks load beside the entry.
        publicPath: 'auto',
        filename: production ? '[name].[contenthash:12].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:12].js' : '[name].js',
        assetModuleFilename: '[name].[contenthash:12][ext]',
        uniqueName: name,
        // A remote's folder also holds federation-core.js, the other compilation's.
        clean: host ? true : { keep: new RegExp(`^${FEDERATION_CORE_FILE}`) },
      },
      resolve: {
        extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      },
      module: {
        rules: [
          {
            test: /\.[jt]sx?$/,
            exclude: /node_modules/,
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: {
                    react: { runtime: 'automatic', development: !production, refresh: false },
                  },
                  target: 'es2020',
                },
              },
            },
          },
          { test: /\.(png|svg|jpe?g|gif|ico|woff2?)$/, type: 'asset' },
        ],
      },
      plugins: [
        new webpack.DefinePlugin({ __RELEASE__: JSON.stringify(release) }),
        host
          ? new webpack.DefinePlugin({
              __FEDERATION_SHARED__: JSON.stringify(
                providedVersions(dir, appPackage.dependencies ?? {}),
              ),
            })
          : new ModuleFederationPlugin({
              name,
              filename: production ? 'remoteEntry.[contenthash:12].js' : 'remoteEntry.js',
              exposes,
              shared: sharedSingletons(appPackage.dependencies ?? {}),
              // The default eagerly loads every remote's share scope at start: one remote down
              // would stop the whole shell. Load what is needed when it is needed.
              shareStrategy: 'loaded-first',
              manifest: { fileName: 'mf-manifest.json' },
              dts: false,
              // A remote loads no other remote: the runtime's remote-loading code stays out. The
              // federation runtime itself is the shell's (externalRuntime: the global
              // _FEDERATION_RUNTIME_CORE, set by apps/shell/src/lib/federation-host.ts), one copy
              // in the browser instead of one in every remote entry; the remote's own page, run
              // alone, loads it from federation-core.js (standaloneRuntimeConfig).
              experiments: {
                optimization: { disableRemote: true, target: 'web' },
                externalRuntime: true,
              },
            }),
        new HtmlWebpackPlugin({
          title,
          template: path.join(__dirname, 'webpack.index.html'),
          chunks: ['main'],
          // The shell's page and every dev server answer deep URLs (/admin/...) with index.html: its
          // script path must be absolute. A remote's production page stays relocatable.
          publicPath: name === 'shell' || !production ? '/' : 'auto',
          // A remote's own page loads the federation runtime first (the shell provides it).
          federationCore: host ? null : `${production ? '' : '/'}${FEDERATION_CORE_FILE}`,
        }),
      ],
      optimization: {
        minimize: production,
        minimizer: [new MinimizerPlugin({ minify: { implementation: MinimizerPlugin.swcMinify } })],
      },
      performance: { hints: false },
      stats: 'errors-warnings',
      devServer: {
        port,
        historyApiFallback: true,
        hot: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: `http://localhost:${env.apiPort ?? 8081}` }],
      },
    };
    return host ? appConfig : [appConfig, standaloneRuntimeConfig(name, dir, production)];
  };
}

/** The federation runtime of a remote's own page (webpack.federation-core.js). */
const FEDERATION_CORE_FILE = 'federation-core.js';

/**
 * A remote is built without the federation runtime (externalRuntime: in the product the shell's
 * serves every remote). Its own page, run alone, takes it from this second, small compilation
 * into the same folder: federation-core.js, loaded before the page's scripts.
 */
function standaloneRuntimeConfig(name, dir, production) {
  return {
    name: `${name}-federation-core`,
    context: dir,
    mode: production ? 'production' : 'development',
    devtool: false,
    entry: { 'federation-core': path.join(__dirname, 'webpack.federation-core.js') },
    output: { path: path.join(dir, 'dist'), filename: FEDERATION_CORE_FILE, clean: false },
    optimization: {
      minimize: production,
      minimizer: [new MinimizerPlugin({ minify: { implementation: MinimizerPlugin.swcMinify } })],
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { createWebpackConfig, sharedSingletons, providedVersions };
