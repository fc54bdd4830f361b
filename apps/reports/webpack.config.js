const { createWebpackConfig } = require('../../webpack.config.base');

module.exports = createWebpackConfig({
  name: 'reports',
  dir: __dirname,
  port: 3003,
  title: 'Отчеты',
  exposes: { './Routes': './src/app/routes.tsx' },
});
