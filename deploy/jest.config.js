const { jestProject } = require('../jest.config.base');

module.exports = jestProject({ dir: __dirname, name: 'deploy', environment: 'node' });
