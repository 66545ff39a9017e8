/**
 * Every route the portal serves, in one place. The route table registers
 * `path`; links call `getHref()` so a renamed route cannot leave a stale link.
 */

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
  auth: {
    path: '/auth',
    getHref: (mode: AuthMode = 'login') => (mode === 'register' ? '/auth?mode=register' : '/auth'),
  },
  verifyEmail: {
    path: '/verify-email',
    getHref: () => '/verify-email',
  },
  forgotPassword: {
    path: '/forgot-password',
    getHref: () => '/forgot-password',
  },
  resetPassword: {
    path: '/reset-password',
    getHref: () => '/reset-password',
  },
  help: {
    path: '/help',
    getHref: () => '/help',
  },
  about: {
    path: '/about',
    getHref: () => '/about',
  },
  dashboard: {
    path: '/dashboard',
    getHref: () => '/dashboard',
  },
  notFound: {
    path: '*',
  },
} as const;
