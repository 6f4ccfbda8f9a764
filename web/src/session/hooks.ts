import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { SessionState } from './sessionSlice';

/** The store's state as the layers above it read it (app/store.ts checks its own state matches). */
export type StoreState = { session: SessionState };
/** The store's dispatch: plain actions and RTK Query's thunks. */
export type AppDispatch = ThunkDispatch<StoreState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<StoreState>();
