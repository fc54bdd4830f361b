import { configureStore } from '@tour/shared/state';
import { api, rootReducer, type RootState } from '@tour/shared';
// Injects the session slice into the root reducer before any store is built.
import '../features/auth/stores/session-slice';

/** The one store of the product: the shared root reducer (remotes inject theirs) and the API. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
    preloadedState,
  });
}

export type AppStore = ReturnType<typeof makeStore>;
