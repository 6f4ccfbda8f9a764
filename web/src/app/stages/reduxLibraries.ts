// A start-up stage (see main.ts): Redux, Immer, Reselect and Redux Toolkit's core, evaluated on their own.
export { configureStore } from '@reduxjs/toolkit';
