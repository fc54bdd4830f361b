import {
  useDispatch,
  useSelector,
  type ThunkAction,
  type ThunkDispatch,
  type UnknownAction,
} from '@tour/shared/state';
import type { RootState } from '@tour/shared';

/** Dispatch of the one store (thunks included); the store itself is built in `app/store.ts`. */
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

/** A thunk of the one store. */
export type AppThunk<Result = void> = ThunkAction<Result, RootState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
