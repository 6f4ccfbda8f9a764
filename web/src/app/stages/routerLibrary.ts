// A start-up stage (see main.ts): React Router, evaluated on its own before the frame every page sits in.
export { createBrowserRouter } from 'react-router';
