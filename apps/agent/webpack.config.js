const { createWebpackConfig } = require('../../webpack.config.base');

module.exports = createWebpackConfig({
  name: 'agent',
  dir: __dirname,
  port: 3004,
  title: 'Агентам',
  exposes: { './Routes': './src/app/routes.tsx' },
});
