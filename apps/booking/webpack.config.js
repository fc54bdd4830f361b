const { createWebpackConfig } = require('../../webpack.config.base');

module.exports = createWebpackConfig({
  name: 'booking',
  dir: __dirname,
  port: 3001,
  title: 'Бронирование',
  exposes: { './Routes': './src/app/routes.tsx' },
});
