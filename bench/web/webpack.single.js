// The same shell and remotes as one webpack build without module federation, for bench/web's
// comparison: the remote boundary is swapped for static imports, everything else is the same.
const path = require('node:path');
const webpack = require('webpack');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const { createWebpackConfig } = require('../../webpack.config.base');

const ROOT = path.resolve(__dirname, '../..');
const federated = createWebpackConfig({
  name: 'shell',
  dir: path.join(ROOT, 'apps/shell'),
  port: 0,
  // As the shell builds: one compilation (a remote's config also builds its standalone runtime).
  host: true,
});

module.exports = (env, argv) => {
  const config = federated(env, { ...argv, mode: 'production' });
  config.name = 'single-bundle';
  config.output.path = path.join(ROOT, 'bench/output/single-bundle');
  config.output.uniqueName = 'single';
  config.plugins = config.plugins.filter((plugin) => !(plugin instanceof ModuleFederationPlugin));
  config.plugins.push(
    new webpack.NormalModuleReplacementPlugin(/[\\/]lib[\\/]remotes$/, (resource) => {
      if (resource.context.startsWith(path.join(ROOT, 'apps/shell/src'))) {
        resource.request = path.join(__dirname, 'static-remotes.ts');
      }
    }),
  );
  return config;
};
