// The styling engine and our theme, evaluated before the app (see main.ts).
export { theme } from './theme';
