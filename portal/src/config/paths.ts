/**
 * Every route the portal serves, in one place. The route table registers
 * `path`; links call `getHref()` so a renamed route cannot leave a stale link.
 */

import type { BillingPeriod } from '@epic/platform-api';
import { withPlanIntent, type PlanIntent } from '../lib/plans/plan-intent';

export type AuthMode = 'login' | 'register';

export const paths = {
	home: {
		path: '/',
		getHref: () => '/',
	},
	// Sections of the landing page, reached by hash from anywhere in the app.
	features: {
		getHref: () => '/#features',
	},
	pricing: {
		getHref: () => '/#pricing',
	},
	/** Sign in, or register; a plan picked on the pricing cards rides along (`&plan=…&period=…`). */
	auth: {
		path: '/auth',
		getHref: (mode: AuthMode = 'login', intent: PlanIntent | null = null) => withPlanIntent(mode === 'register' ? '/auth?mode=register' : '/auth', intent),
	},
	/** The registration email's link; it carries the plan picked before registering, if any. */
	verifyEmail: {
		path: '/verify-email',
		getHref: (intent: PlanIntent | null = null) => withPlanIntent('/verify-email', intent),
	},
	forgotPassword: {
		path: '/forgot-password',
		getHref: () => '/forgot-password',
	},
	resetPassword: {
		path: '/reset-password',
		getHref: () => '/reset-password',
	},
	/** The link in an email-change email lands here (`?token=…`). */
	confirmEmail: {
		path: '/confirm-email',
		getHref: () => '/confirm-email',
	},
	help: {
		path: '/help',
		getHref: () => '/help',
	},
	about: {
		path: '/about',
		getHref: () => '/about',
	},
	privacy: {
		path: '/privacy',
		getHref: () => '/privacy',
	},
	terms: {
		path: '/terms',
		getHref: () => '/terms',
	},
	/** The audience landing pages (visitors only, like `/`). */
	forBusiness: {
		path: '/lp/for-business',
		getHref: () => '/lp/for-business',
	},
	forAgencies: {
		path: '/lp/for-agencies',
		getHref: () => '/lp/for-agencies',
	},
	forPartners: {
		path: '/lp/for-partners',
		getHref: () => '/lp/for-partners',
	},
	dashboard: {
		path: '/dashboard',
		getHref: () => '/dashboard',
	},
	/** The first-project wizard; a plan picked on the pricing cards is preselected (`?plan=…&period=…`). */
	onboarding: {
		path: '/onboarding',
		getHref: (intent: PlanIntent | null = null) => withPlanIntent('/onboarding', intent),
	},
	/** The new-project form, then the setup screen of the created project (`?project={id}`). */
	newProject: {
		path: '/projects/new',
		getHref: (projectId?: string) => (projectId ? `/projects/new?project=${encodeURIComponent(projectId)}` : '/projects/new'),
	},
	profile: {
		path: '/profile',
		getHref: () => '/profile',
	},
	subscription: {
		path: '/subscription',
		getHref: () => '/subscription',
	},
	/** The payment step for one plan and period, opened from the plan cards of /subscription. */
	subscriptionCheckout: {
		path: '/subscription/checkout',
		getHref: (planId: string, period: BillingPeriod) => `/subscription/checkout?plan=${encodeURIComponent(planId)}&period=${encodeURIComponent(period)}`,
	},
	/** Where a checkout returns; the billing provider fills in the session id. */
	subscriptionReturn: {
		path: '/subscription/return',
		getHref: (sessionId: string) => `/subscription/return?session_id=${encodeURIComponent(sessionId)}`,
	},
	payments: {
		path: '/payments',
		getHref: () => '/payments',
	},
	/** The sandbox provider's billing portal, served by the portal itself. */
	billingPortal: {
		path: '/billing-portal',
		getHref: () => '/billing-portal',
	},
	billingPortalInvoice: {
		path: '/billing-portal/invoices/:invoiceId',
		getHref: (invoiceId: string) => `/billing-portal/invoices/${encodeURIComponent(invoiceId)}`,
	},
	/** Developer page: checks the billing endpoints from the browser. */
	stripeTest: {
		path: '/stripe-test',
		getHref: () => '/stripe-test',
	},
	notFound: {
		path: '*',
	},
} as const;
