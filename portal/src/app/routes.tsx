import type { RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import { AboutPage } from '../features/about/components/about-page';
import { AuthPage } from '../features/auth/components/auth-page';
import { ForgotPasswordPage } from '../features/auth/components/forgot-password-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { VerifyEmailPage } from '../features/auth/components/verify-email-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { NotFoundPage } from '../features/errors/components/not-found-page';
import { RouteErrorPage } from '../features/errors/components/route-error-page';
import { HelpPage } from '../features/help/components/help-page';
import { LandingPage } from '../features/landing/components/landing-page';
import { ProtectedRoute } from './guards/protected-route';
import { VisitorOnlyRoute } from './guards/visitor-only-route';
import { RootLayout } from './root-layout';

/** The route table. Onboarding, projects, billing and profile arrive with their own issues. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <VisitorOnlyRoute />,
        children: [{ path: paths.home.path, element: <LandingPage /> }],
      },
      { path: paths.auth.path, element: <AuthPage /> },
      { path: paths.verifyEmail.path, element: <VerifyEmailPage /> },
      { path: paths.forgotPassword.path, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword.path, element: <ResetPasswordPage /> },
      { path: paths.help.path, element: <HelpPage /> },
      { path: paths.about.path, element: <AboutPage /> },
      {
        element: <ProtectedRoute />,
        children: [{ path: paths.dashboard.path, element: <DashboardPage /> }],
      },
      { path: paths.notFound.path, element: <NotFoundPage /> },
    ],
  },
];
