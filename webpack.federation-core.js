// A remote's own page, run alone (npm run dev -w apps/<remote>, or its dist/ served as it is),
// loads this before its scripts: remotes are built to use the federation runtime of the page that
// loads them (webpack.config.base.js, externalRuntime), which in the product is the shell's
// (apps/shell/src/lib/federation-host.ts). Run alone, a remote is its own page.
globalThis._FEDERATION_RUNTIME_CORE = require('@module-federation/runtime-core');
