// Test helpers for the apps' component tests (never imported by application code).
export * from './fake-api';
export * from './fill';
export * from './latin-words';
export * from './render-route';
export * from './style-sink';
