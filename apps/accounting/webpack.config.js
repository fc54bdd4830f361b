const { createWebpackConfig } = require('../../webpack.config.base');

module.exports = createWebpackConfig({
  name: 'accounting',
  dir: __dirname,
  port: 3002,
  title: 'Бухгалтерия',
  exposes: { './Routes': './src/app/routes.tsx' },
});
