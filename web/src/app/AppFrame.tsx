import { Suspense } from 'react';
import { Toaster } from 'react-hot-toast';
import { Outlet } from 'react-router';
import { useInactivitySignOut } from './useInactivitySignOut';
import { useTokenExpiry } from '../session/useTokenExpiry';
import { FullScreenSpinner } from '../shared/FullScreenSpinner';
import { SnackbarProvider } from '../shared/SnackbarProvider';
import { useAppSelector } from '../session/hooks';
import { SplashDone } from './SplashDone';

/** What every route sits in: the inactivity timer, toasts (top-right, react-hot-toast's defaults) and snackbars. */
export function AppFrame() {
  const signedIn = useAppSelector((state) => state.session.status === 'signedIn');
  useInactivitySignOut(signedIn);
  useTokenExpiry();
  return (
    <SnackbarProvider>
      <Suspense fallback={<FullScreenSpinner />}>
        <Outlet />
        <SplashDone />
      </Suspense>
      <Toaster position="top-right" />
    </SnackbarProvider>
  );
}
