// jsdom lacks the Fetch API that react-router's data router builds every navigation on
// (`new Request(url, { signal })`). Node 20 has it: hand Node's classes to the test window,
// with Node's AbortController so a Request accepts the router's signal.
const { TestEnvironment } = require('jest-environment-jsdom');

class JsdomWithFetchEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'AbortController',
      'AbortSignal',
      'ReadableStream',
    ]) {
      this.global[name] = globalThis[name];
    }
  }
}

module.exports = JsdomWithFetchEnvironment;
