import { combineSlices } from '@reduxjs/toolkit';
import { api } from '../http/api';

/**
 * Slices added at run time by the shell (session) and the remotes, declared here by module
 * augmentation: `declare module '@tour/shared' { interface LazyLoadedSlices { x: XState } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by augmentation
export interface LazyLoadedSlices {}

/**
 * The one root reducer of the product (the shell's store is built on it). @tour/shared is a
 * federation singleton, so the shell and every remote see this same instance: a remote adds its
 * slice with `rootReducer.inject(slice)`, never a second store.
 */
export const rootReducer = combineSlices(api).withLazyLoadedSlices<LazyLoadedSlices>();

/** State of the root reducer, the lazily added slices optional until injected. */
export type RootState = ReturnType<typeof rootReducer>;
