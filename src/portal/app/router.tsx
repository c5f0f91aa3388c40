// The data router; every screen is a lazy route so the login route loads only what it uses.
// Rendered screens (spec/screens) get their routes from the generated list; the renderer
// itself is one lazy chunk.
import { lazy, Suspense, type ReactNode } from 'react'
import {
  createBrowserRouter,
  Navigate,
  Outlet,
  type NonIndexRouteObject,
  type RouteObject,
} from 'react-router'
import { Loader } from '@mantine/core'
import { screenRoutes } from '../../generated/screen-routes.ts'
import { useBrand } from '../brand/brand-context.tsx'
import { AppRoot } from './app-root.tsx'
import { pageMenu } from './page-menu.ts'
import { signedInNotFoundId } from './not-found-route.ts'
import type { PageAccess } from './viewer.ts'
import { styledRoutes, withAllStyles } from './styles.ts'

const ScreenPage = lazy(
  withAllStyles(() =>
    import('../renderer/screen-page.tsx').then((module) => ({ default: module.ScreenPage })),
  ),
)
// The guard asks the server who is looking: it loads with the signed-in pages, not the login.
const AccessGuard = lazy(
  withAllStyles(() =>
    import('./access-guard.tsx').then((module) => ({ default: module.AccessGuard })),
  ),
)

function guard(
  page: PageAccess & { fallbackRoute?: string; brandFlag?: string },
  children: ReactNode,
) {
  return (
    <Suspense fallback={<Loader />}>
      <AccessGuard {...page}>{children}</AccessGuard>
    </Suspense>
  )
}

const renderedScreens: RouteObject[] = screenRoutes
  .filter((screen) => screen.kind !== 'wizard')
  .map((screen) => ({
    path: screen.route.slice(1),
    element: guard(
      {
        access: screen.access,
        ...('fallbackRoute' in screen && { fallbackRoute: screen.fallbackRoute }),
        ...('brandFlag' in screen && { brandFlag: String(screen.brandFlag) }),
      },
      <Suspense fallback={<Loader />}>
        <ScreenPage key={screen.id} screenId={screen.id} />
      </Suspense>,
    ),
  }))

/**
 * The public wizards (registration), outside the main layout: only where the brand's flag
 * (allowRegistration) is on, else the login page (product-spec section 2).
 */
const wizardScreens: RouteObject[] = screenRoutes
  .filter((screen) => screen.kind === 'wizard')
  .map((screen) => ({
    path: screen.route,
    element: (
      <BrandFlagGate flag={'brandFlag' in screen ? screen.brandFlag : undefined}>
        <Suspense fallback={<Loader />}>
          <ScreenPage key={screen.id} screenId={screen.id} />
        </Suspense>
      </BrandFlagGate>
    ),
  }))

function BrandFlagGate({ flag, children }: { flag: string | undefined; children: ReactNode }) {
  const brand = useBrand() as unknown as Record<string, unknown>
  if (flag !== undefined && brand[flag] !== true) return <Navigate to="/login" replace />
  return children
}

/** The routes of a hand-written page, opened only to whom its menu entry admits. */
function guarded(pageId: string, children: RouteObject[]): RouteObject {
  const page = pageMenu.find((item) => item.id === pageId)
  if (!page?.access) throw new Error(`assertion: page ${pageId} has an access in page-menu.ts`)
  const access: PageAccess = { access: page.access, anyPermission: page.anyPermission }
  return { element: guard(access, <Outlet />), children }
}

const loginRoute: RouteObject = {
  path: '/login',
  lazy: () => import('../features/login/login-page.tsx'),
}

const publicRoutes: RouteObject[] = [
  { path: '/register', lazy: () => import('../features/access/register-choice-page.tsx') },
  ...wizardScreens,
  { path: '/activate', lazy: () => import('../features/access/activate-page.tsx') },
  { path: '/confirm-email', lazy: () => import('../features/access/confirm-email-page.tsx') },
  {
    path: '/account-recovery',
    lazy: () => import('../features/access/account-recovery-page.tsx'),
    children: [
      { index: true, element: <Navigate to="/account-recovery/email" replace /> },
      {
        path: ':step',
        lazy: () =>
          import('../features/access/account-recovery-page.tsx').then((module) => ({
            Component: module.RecoveryStep,
          })),
      },
    ],
  },
  // The legal terms page; with terms still to accept (a TE answer) they are accepted here.
  { path: '/terms', lazy: () => import('../features/access/terms-page.tsx') },
  // An identity check's run page: its link is the credential, on any device (section 2).
  {
    path: '/identity-verification/:workflowRunId/:token',
    lazy: () => import('../features/identity/identity-run-page.tsx'),
  },
  // A global payment's recipient: the link's secret is the credential, no sign-in (section 2).
  { path: '/receive/:id', lazy: () => import('../features/receive/receive-page.tsx') },
]

const queryRoot: NonIndexRouteObject = { lazy: () => import('./query-root.tsx') }
const mainLayout: NonIndexRouteObject = { path: '/', lazy: () => import('./main-layout.tsx') }
const homeRoute: RouteObject = {
  path: 'home',
  lazy: () => import('../features/home/home-page.tsx'),
}

export const router = createBrowserRouter(
  // The first pages show with their own styles; every other page loads the whole stylesheet.
  styledRoutes(
    [
      {
        element: <AppRoot />,
        children: [
          loginRoute,
          // Every other page reads server state through the query cache (query-root.tsx).
          { ...queryRoot, children: withQueryCache() },
        ],
      },
    ],
    new Set([loginRoute.lazy, queryRoot.lazy, mainLayout.lazy, homeRoute.lazy]),
  ),
)

function withQueryCache(): RouteObject[] {
  return [
    ...publicRoutes,
    { ...mainLayout, children: signedInPages() },
    // The demo mailbox is public: codes are read there before anyone can sign in.
    { path: '/mailbox', lazy: () => import('../features/mailbox/mailbox-page.tsx') },
    { path: '*', lazy: () => import('../features/not-found/not-found-page.tsx') },
  ]
}

/** The pages inside the main layout, the hand-written ones and then the rendered screens. */
function signedInPages(): RouteObject[] {
  return [
    { index: true, element: <Navigate to="/home" replace /> },
    homeRoute,
    // Where the verification banner leads (product-spec sections 2 and 4).
    {
      path: 'unverified-account',
      lazy: () => import('../features/verification/unverified-account-page.tsx'),
    },
    {
      path: 'limited-account',
      lazy: () => import('../features/verification/limited-account-page.tsx'),
    },
    // Reached from a link, but the customer's own data: signed in (docs/decisions.md).
    {
      path: 'video-identity-job/:id',
      lazy: () => import('../features/identity/video-identity-job-page.tsx'),
    },
    { path: 'company', lazy: () => import('../features/onboarding/company-choice-page.tsx') },
    // Signing in to a partner with the portal (OAuth, product-spec sections 2 and 7).
    { path: 'auth/sei', lazy: () => import('../features/oauth/sei-page.tsx') },
    {
      path: 'oauth/authorize/:authorizationId',
      lazy: () => import('../features/oauth/authorize-page.tsx'),
    },
    // The merchant section opens on identity verification (product-spec section 2).
    { path: 'merchant', element: <Navigate to="/merchant/security/verification" replace /> },
    // The hand-written security pages (issue 5); their menu entries are in page-menu.ts.
    { path: 'setting/devices', lazy: () => import('../features/security/devices-page.tsx') },
    {
      path: 'setting/two-step-verification',
      lazy: () => import('../features/security/two-step-page.tsx'),
    },
    {
      path: 'profile/password',
      lazy: () => import('../features/security/password-page.tsx'),
    },
    ...moneyPages(),
    ...cardPages(),
    ...renderedScreens,
    // A signed-in person's page-not-found keeps the menu (issue 16); signed out, the main
    // layout shows the public one (main-layout.tsx).
    {
      id: signedInNotFoundId,
      path: '*',
      lazy: () =>
        import('../features/not-found/not-found-page.tsx').then((module) => ({
          Component: module.InLayout,
        })),
    },
  ]
}

/** The hand-written card pages (issue 17); their menu entries are in page-menu.ts. */
function cardPages(): RouteObject[] {
  return [
    guarded('cards', [
      { path: 'cards', lazy: () => import('../features/cards/cards-page.tsx') },
      {
        path: 'cards/physical',
        lazy: () =>
          import('../features/cards/cards-page.tsx').then((module) => ({
            Component: module.CardListPage,
          })),
      },
      {
        path: 'cards/virtual',
        lazy: () =>
          import('../features/cards/cards-page.tsx').then((module) => ({
            Component: module.CardListPage,
          })),
      },
      { path: 'cards/:accountId', lazy: () => import('../features/cards/card-detail-page.tsx') },
      { path: 'card/:accountId/pin', lazy: () => import('../features/cards/card-pin-page.tsx') },
    ]),
    guarded('addCard', [
      { path: 'add-card', lazy: () => import('../features/cards/add-card-page.tsx') },
      {
        path: 'confirm-card/:cardId',
        lazy: () => import('../features/cards/confirm-card-page.tsx'),
      },
    ]),
  ]
}

/** The hand-written pages that move money or show where it went. */
function moneyPages(): RouteObject[] {
  return [
    // The hand-written transfer screens (issue 6); their menu entries and access are in
    // page-menu.ts.
    guarded('transferAccount', [
      {
        path: 'transfer/account',
        lazy: () => import('../features/transfers/between-accounts-page.tsx'),
      },
    ]),
    guarded('transferP2p', [
      { path: 'transfer/p2p', lazy: () => import('../features/transfers/p2p-page.tsx') },
    ]),
    guarded('transferExternal', [
      {
        path: 'transfer/external',
        lazy: () => import('../features/transfers/external-page.tsx'),
      },
    ]),
    // A global payment to an e-mail and its summary (issue 16).
    guarded('transferGlobal', [
      {
        path: 'transfer/external/global',
        lazy: () => import('../features/transfers/global-send-page.tsx'),
      },
      {
        path: 'transfer/external/global-summary',
        lazy: () => import('../features/transfers/global-summary-page.tsx'),
      },
    ]),
    // Invoices (issue 16): the lists, paying through the transfers' review, requesting money.
    guarded('invoices', [
      {
        path: 'transfer/invoices',
        lazy: () => import('../features/invoices/invoices-page.tsx'),
      },
    ]),
    guarded('transferApproved', [
      {
        path: 'transfer/approved',
        lazy: () => import('../features/transfers/approved-page.tsx'),
      },
    ]),
    // History and mass transfers (issue 7); their menu entries are in page-menu.ts.
    guarded('history', [
      { path: 'history', lazy: () => import('../features/history/history-page.tsx') },
    ]),
    guarded('statements', [
      { path: 'statements', lazy: () => import('../features/history/statements-page.tsx') },
    ]),
    guarded('transferMass', [
      { path: 'transfer/mass', lazy: () => import('../features/mass/mass-choice-page.tsx') },
      {
        path: 'transfer/mass/p2p',
        lazy: () => import('../features/mass/p2p-mass-page.tsx'),
      },
      {
        path: 'transfer/mass/p2p/confirm',
        lazy: () => import('../features/mass/p2p-mass-confirm-page.tsx'),
      },
      {
        path: 'transfer/mass/global',
        lazy: () => import('../features/mass/global-batch-page.tsx'),
      },
      {
        path: 'transfer/mass/:kind',
        lazy: () => import('../features/mass/external-mass-page.tsx'),
      },
      {
        path: 'transfer/external/mass/confirm',
        lazy: () => import('../features/mass/external-mass-confirm-page.tsx'),
      },
    ]),
  ]
}
