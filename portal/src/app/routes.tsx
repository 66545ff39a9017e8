import type { RouteObject } from 'react-router-dom';
import { PageSpinner } from '../components/ui/page-spinner';
import { paths } from '../config/paths';
import { RouteErrorPage } from '../features/errors/components/route-error-page';
import { ProtectedRoute } from './guards/protected-route';
import { VisitorOnlyRoute } from './guards/visitor-only-route';
import { RootLayout } from './root-layout';

/**
 * The route table. Pages load lazily so a visitor downloads only the screen
 * they open.
 */
export const routes: RouteObject[] = [
	{
		element: <RootLayout />,
		errorElement: <RouteErrorPage />,
		// Shown only on the first load, while the first page's code arrives.
		hydrateFallbackElement: <PageSpinner />,
		children: [
			{
				element: <VisitorOnlyRoute />,
				children: [
					{
						path: paths.home.path,
						lazy: async () => ({ Component: (await import('../features/landing/components/landing-page')).LandingPage }),
					},
					{
						path: paths.forBusiness.path,
						lazy: async () => ({ Component: (await import('../features/audience/components/audience-pages')).ForBusinessPage }),
					},
					{
						path: paths.forAgencies.path,
						lazy: async () => ({ Component: (await import('../features/audience/components/audience-pages')).ForAgenciesPage }),
					},
					{
						path: paths.forPartners.path,
						lazy: async () => ({ Component: (await import('../features/audience/components/audience-pages')).ForPartnersPage }),
					},
				],
			},
			{
				path: paths.auth.path,
				lazy: async () => ({ Component: (await import('../features/auth/components/auth-page')).AuthPage }),
			},
			{
				path: paths.verifyEmail.path,
				lazy: async () => ({ Component: (await import('../features/auth/components/verify-email-page')).VerifyEmailPage }),
			},
			{
				path: paths.confirmEmail.path,
				lazy: async () => ({
					Component: (await import('../features/auth/components/confirm-email-page')).ConfirmEmailPage,
				}),
			},
			{
				path: paths.forgotPassword.path,
				lazy: async () => ({
					Component: (await import('../features/auth/components/forgot-password-page')).ForgotPasswordPage,
				}),
			},
			{
				path: paths.resetPassword.path,
				lazy: async () => ({
					Component: (await import('../features/auth/components/reset-password-page')).ResetPasswordPage,
				}),
			},
			{
				path: paths.help.path,
				lazy: async () => ({ Component: (await import('../features/help/components/help-page')).HelpPage }),
			},
			{
				path: paths.about.path,
				lazy: async () => ({ Component: (await import('../features/about/components/about-page')).AboutPage }),
			},
			{
				path: paths.privacy.path,
				lazy: async () => ({ Component: (await import('../features/legal/components/legal-page')).PrivacyPage }),
			},
			{
				path: paths.terms.path,
				lazy: async () => ({ Component: (await import('../features/legal/components/legal-page')).TermsPage }),
			},
			{
				path: paths.stripeTest.path,
				lazy: async () => ({ Component: (await import('../features/billing/components/stripe-test-page')).StripeTestPage }),
			},
			{
				element: <ProtectedRoute />,
				children: [
					{
						path: paths.dashboard.path,
						lazy: async () => ({ Component: (await import('./pages/dashboard-route')).DashboardRoute }),
					},
					{
						path: paths.onboarding.path,
						lazy: async () => ({ Component: (await import('./pages/onboarding/onboarding-route')).OnboardingRoute }),
					},
					{
						path: paths.newProject.path,
						lazy: async () => ({ Component: (await import('./pages/new-project-route')).NewProjectRoute }),
					},
					{
						path: paths.profile.path,
						lazy: async () => ({ Component: (await import('../features/profile/components/profile-page')).ProfilePage }),
					},
					{
						path: paths.subscription.path,
						lazy: async () => ({
							Component: (await import('../features/billing/components/subscription-page')).SubscriptionPage,
						}),
					},
					{
						path: paths.subscriptionCheckout.path,
						lazy: async () => ({ Component: (await import('../features/billing/components/checkout-page')).CheckoutPage }),
					},
					{
						path: paths.subscriptionReturn.path,
						lazy: async () => ({
							Component: (await import('../features/billing/components/checkout-return-page')).CheckoutReturnPage,
						}),
					},
					{
						path: paths.payments.path,
						lazy: async () => ({ Component: (await import('../features/billing/components/payments-page')).PaymentsPage }),
					},
					{
						path: paths.billingPortal.path,
						lazy: async () => ({
							Component: (await import('../features/billing/components/billing-portal-page')).BillingPortalPage,
						}),
					},
					{
						path: paths.billingPortalInvoice.path,
						lazy: async () => ({ Component: (await import('../features/billing/components/invoice-page')).InvoicePage }),
					},
				],
			},
			{
				path: paths.notFound.path,
				lazy: async () => ({ Component: (await import('../features/errors/components/not-found-page')).NotFoundPage }),
			},
		],
	},
];
