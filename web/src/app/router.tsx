import { createBrowserRouter, type RouteObject } from 'react-router';
import { RedirectSignedIn } from '../session/RedirectSignedIn';
import { RequireSession } from '../session/RequireSession';
import { AppFrame } from './AppFrame';
import { RouteError } from './RouteError';

// Every page and layout is its own chunk, fetched when its route is first visited.
const page = (path: string, load: () => Promise<{ Component: React.ComponentType }>): RouteObject => ({ path, lazy: load });

const login = () => import('../features/auth/LoginPage').then((m) => ({ Component: m.LoginPage }));
const adminLogin = () => import('../features/auth/AdminLoginPage').then((m) => ({ Component: m.AdminLoginPage }));
const parameters = () => import('../features/parameters/CreditParametersPage').then((m) => ({ Component: m.CreditParametersPage }));
const results = () => import('../features/results/ResultsPage').then((m) => ({ Component: m.ResultsPage }));
const batchDetails = () => import('../features/results/BatchDetailsPage').then((m) => ({ Component: m.BatchDetailsPage }));
const dictionary = () => import('../features/analytics/DataDictionaryPage').then((m) => ({ Component: m.DataDictionaryPage }));
const clientDetails = () => import('../features/results/ClientDetailsPage').then((m) => ({ Component: m.ClientDetailsPage }));

/** Spec §2's route table, aliases included, plus /clients, /results, /performance and a not-found page. */
export const routes: RouteObject[] = [
  {
    Component: AppFrame,
    ErrorBoundary: RouteError,
    HydrateFallback: () => null,
    children: [
      {
        Component: RedirectSignedIn,
        children: [
          page('/', login),
          page('/register', () => import('../features/auth/RegisterPage').then((m) => ({ Component: m.RegisterPage }))),
        ],
      },
      {
        element: <RedirectSignedIn onlyRole="admin" />,
        children: [page('/admin', adminLogin), page('/admin/login', adminLogin)],
      },
      page('/reset-password', () => import('../features/auth/ResetPasswordPage').then((m) => ({ Component: m.ResetPasswordPage }))),
      // Open to everyone, signed in or not: sign-in, registration and both signed-in frames link to them.
      page('/terms', () => import('../features/legal/TermsPage').then((m) => ({ Component: m.TermsPage }))),
      page('/privacy', () => import('../features/legal/PrivacyPage').then((m) => ({ Component: m.PrivacyPage }))),
      page('/support', () => import('../features/legal/SupportPage').then((m) => ({ Component: m.SupportPage }))),
      page('/accept-invitation', () =>
        import('../features/auth/AcceptInvitationPage').then((m) => ({ Component: m.AcceptInvitationPage })),
      ),
      {
        Component: RequireSession,
        children: [
          {
            lazy: () => import('./RoleLayout').then((m) => ({ Component: m.RoleLayout })),
            children: [
              page('/workspace-dashboard', () =>
                import('../features/workspace/WorkspaceDashboardPage').then((m) => ({ Component: m.WorkspaceDashboardPage })),
              ),
              page('/credit-parameters-config', parameters),
              page('/parameters', parameters),
              page('/batch-assessment', () =>
                import('../features/batches/BatchAssessmentPage').then((m) => ({ Component: m.BatchAssessmentPage })),
              ),
              page('/result', results),
              page('/results', results),
              page('/result/batch/:batchId', batchDetails),
              page('/batch/:batchId', batchDetails),
              page('/client/:clientId', clientDetails),
              page('/result/client/:clientId/detailed', clientDetails),
              page('/institution/:id/parameters', () =>
                import('./routes/InstitutionParametersPage').then((m) => ({ Component: m.InstitutionParametersPage })),
              ),
              page('/clients', () => import('./routes/ClientsPage').then((m) => ({ Component: m.ClientsPage }))),
              page('/performance', () => import('../features/workspace/PerformancePage').then((m) => ({ Component: m.PerformancePage }))),
              page('/data-dictionary', dictionary),
              page('/team', () => import('../features/team/TeamPage').then((m) => ({ Component: m.TeamPage }))),
            ],
          },
        ],
      },
      {
        element: <RequireSession adminOnly />,
        children: [
          {
            lazy: () => import('../features/admin/AdminLayout').then((m) => ({ Component: m.AdminLayout })),
            children: [
              page('/admin/dashboard', () =>
                import('../features/admin/AdminDashboardPage').then((m) => ({ Component: m.AdminDashboardPage })),
              ),
              page('/admin/institution', () => import('../features/admin/ApprovalsPage').then((m) => ({ Component: m.ApprovalsPage }))),
              page('/admin/variables', () => import('../features/admin/VariablesPage').then((m) => ({ Component: m.VariablesPage }))),
              page('/admin/users', () => import('../features/admin/UsersPage').then((m) => ({ Component: m.UsersPage }))),
              page('/admin/audit', () => import('../features/admin/AuditPage').then((m) => ({ Component: m.AuditPage }))),
              page('/admin/parameters', () =>
                import('../features/admin/AdminParametersPage').then((m) => ({ Component: m.AdminParametersPage })),
              ),
              page('/admin/formula', () => import('../features/admin/FormulaPage').then((m) => ({ Component: m.FormulaPage }))),
              page('/admin/manage', () => import('../features/admin/AdminsPage').then((m) => ({ Component: m.AdminsPage }))),
              page('/admin/settings', () => import('../features/admin/SettingsPage').then((m) => ({ Component: m.SettingsPage }))),
              page('/admin/categories', () => import('../features/admin/CategoriesPage').then((m) => ({ Component: m.CategoriesPage }))),
              page('/admin/data-dictionary', dictionary),
              page('/admin/compliance', () =>
                import('../features/compliance/CompliancePage').then((m) => ({ Component: m.CompliancePage })),
              ),
              page('/admin/compliance/time-travel', () =>
                import('../features/compliance/TimeTravelPage').then((m) => ({ Component: m.TimeTravelPage })),
              ),
              page('/admin/compliance/replay', () =>
                import('../features/compliance/ReplayPage').then((m) => ({ Component: m.ReplayPage })),
              ),
              page('/admin/compliance/events', () =>
                import('../features/compliance/EventsPage').then((m) => ({ Component: m.EventsPage })),
              ),
              page('/admin/compliance/events/:position', () =>
                import('../features/compliance/EventPage').then((m) => ({ Component: m.EventPage })),
              ),
            ],
          },
        ],
      },
      page('*', () => import('./NotFoundPage').then((m) => ({ Component: m.NotFoundPage }))),
    ],
  },
];

export const router = createBrowserRouter(routes);
