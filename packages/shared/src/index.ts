// The main public entry of @tour/shared, the browser's: everything of @tour/core (money, dates,
// permissions, the contract...: what runs anywhere) and the client's own pieces (the route table
// with react-router, the HTTP client, RTK Query, events, React hooks). Apps import from
// '@tour/shared' and, for the UI kit (antd's components, page frames), from '@tour/shared/ui'
// (src/ui/index.ts); nothing deeper. The API imports @tour/core alone.
export * from '@tour/core';
export * from './permissions/can-react';
export * from './routes/routes';
export * from './http/client';
export * from './http/envelope';
export * from './http/api';
export * from './http/tags';
export * from './http/server-errors';
export * from './events/balance-updated';
export * from './events/server-events';
export * from './events/widgets-reinit';
export * from './contract/remotes';
export * from './hooks/use-debounced-value';
export * from './store/root-reducer';
