import { configureStore, createSlice } from '@reduxjs/toolkit';
import { api } from '../http/api';
import { rootReducer } from './root-reducer';

describe('rootReducer', () => {
  it('holds the one API slice and takes slices injected later', () => {
    const store = configureStore({
      reducer: rootReducer,
      middleware: (getDefault) => getDefault().concat(api.middleware),
    });
    expect(store.getState()).toHaveProperty('api');
    const counter = createSlice({
      name: 'counter',
      initialState: { value: 1 },
      reducers: { add: (state) => void (state.value += 1) },
    });
    // Injecting changes the one combined reducer in place: the existing store picks it up.
    rootReducer.inject(counter);
    store.dispatch(counter.actions.add());
    expect((store.getState() as { counter?: { value: number } }).counter).toEqual({ value: 2 });
  });
});
