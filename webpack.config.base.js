// One webpack factory for every front-end app: swc for TypeScript, module federation with the
// shared singletons of the architecture, content-hashed files, mf-manifest.json, swc minification.
const path = require('node:path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MinimizerPlugin = require('minimizer-webpack-plugin');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');

const sharedPackage = require('./packages/shared/package.json');

/** The singletons one copy of which reaches the browser, whichever app loads first. */
function sharedSingletons(appDependencies) {
  const version = (name) => appDependencies[name] ?? sharedPackage.peerDependencies[name];
  const singleton = (name, extra = {}) => ({
    singleton: true,
    requiredVersion: version(name),
    ...extra,
  });
  return {
    react: singleton('react'),
    // Prefix keys share deep imports too (react/jsx-runtime, react-dom/client).
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    'react-router': singleton('react-router'),
    'react-router-dom': singleton('react-router-dom'),
    'react-redux': singleton('react-redux'),
    '@reduxjs/toolkit': singleton('@reduxjs/toolkit'),
    '@reduxjs/toolkit/': singleton('@reduxjs/toolkit'),
    axios: singleton('axios'),
    dayjs: singleton('dayjs'),
    'dayjs/': singleton('dayjs'),
    [sharedPackage.name]: singleton(sharedPackage.name, {
      requiredVersion: sharedPackage.version,
      version: sharedPackage.version,
    }),
    // antd is shared through the UI kit, the second entry of @tour/shared: one module holding the
    // components the product uses with one copy of antd's internals. Sharing 'antd' itself would
    // ship the whole library (about 435 KB gzip) to every first page.
    [`${sharedPackage.name}/ui`]: singleton(`${sharedPackage.name}/ui`, {
      requiredVersion: sharedPackage.version,
      version: sharedPackage.version,
    }),
  };
}

/**
 * @param {object} options
 * @param {string} options.name      federation name, also the folder a remote is served under
 * @param {string} options.dir       the app's folder (__dirname of its webpack.config.js)
 * @param {number} options.port      dev-server port
 * @param {Record<string,string>} [options.exposes]  what a remote exposes ('./Routes')
 * @param {string} [options.title]   page title of the app's own HTML page
 */
function createWebpackConfig({ name, dir, port, exposes = {}, title = 'Турбюро' }) {
  const appPackage = require(path.join(dir, 'package.json'));
  return (env = {}, argv = {}) => {
    const production = argv.mode !== 'development';
    return {
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
        clean: true,
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
        new ModuleFederationPlugin({
          name,
          filename: production ? 'remoteEntry.[contenthash:12].js' : 'remoteEntry.js',
          exposes,
          shared: sharedSingletons(appPackage.dependencies ?? {}),
          // The default eagerly loads every remote's share scope at start: one remote down would
          // stop the whole shell. Load what is needed when it is needed.
          shareStrategy: 'loaded-first',
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
        }),
        new HtmlWebpackPlugin({
          title,
          template: path.join(__dirname, 'webpack.index.html'),
          chunks: ['main'],
          // The shell's page and every dev server answer deep URLs (/admin/...) with index.html: its
          // script path must be absolute. A remote's production page stays relocatable.
          publicPath: name === 'shell' || !production ? '/' : 'auto',
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
  };
}

module.exports = { createWebpackConfig, sharedSingletons };
