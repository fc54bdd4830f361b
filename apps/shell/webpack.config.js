const path = require('node:path');
const { createWebpackConfig } = require('../../webpack.config.base');

const base = createWebpackConfig({
  name: 'shell',
  dir: __dirname,
  port: 3000,
  title: 'Турбюро',
  host: true,
});

/**
 * Dev server only: /remotes.json, which in production the API serves. It comes from the REMOTES
 * environment variable (JSON) or else from remotes.dev.json (the remotes' own dev servers, ports
 * 3001-3004), read on every request and never cached, like the real one.
 */
function serveRemotesJson(middlewares, devServer) {
  devServer.app.get('/remotes.json', (_request, response) => {
    response.set('Cache-Control', 'no-store');
    if (process.env.REMOTES) {
      response.type('application/json').send(process.env.REMOTES);
    } else {
      response.sendFile(path.join(__dirname, 'remotes.dev.json'));
    }
  });
  return middlewares;
}

module.exports = (env, argv) => {
  const config = base(env, argv);
  config.devServer = { ...config.devServer, setupMiddlewares: serveRemotesJson };
  return config;
};
