// The state facade (@tour/shared/state): the Redux Toolkit, RTK Query and react-redux API the apps
// use, and nothing else. One shared singleton, like the router facade: one store context in the
// browser, and the shell's build keeps only these exports. Apps import them from here only (lint);
// a name no app imports any more goes (tools/test/facades.test.ts).
export { configureStore, createSlice } from '@reduxjs/toolkit';
export type {
  PayloadAction,
  SerializedError,
  ThunkAction,
  ThunkDispatch,
  UnknownAction,
} from '@reduxjs/toolkit';
export { skipToken } from '@reduxjs/toolkit/query';
export { Provider, useDispatch, useSelector } from 'react-redux';
