// A start-up stage (see main.ts): RTK Query and React Redux, evaluated on their own before our API is.
export { createApi } from '@reduxjs/toolkit/query/react';
