const { createWebpackConfig } = require('../../webpack.config.base');

module.exports = createWebpackConfig({
  name: 'shell',
  dir: __dirname,
  port: 3000,
  title: 'Турбюро',
  exposes: {},
});
