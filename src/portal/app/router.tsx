// The data router; every screen is a lazy route so the login route loads only what it uses.
// Rendered screens (spec/screens) get their routes from the generated list; the renderer
// itself is one lazy chunk.
import { lazy, Suspense } from 'react'
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router'
import { Loader } from '@mantine/core'
import { screenRoutes } from '../../generated/screen-routes.ts'

const ScreenPage = lazy(() =>
  import('../renderer/screen-page.tsx').then((module) => ({ default: module.ScreenPage })),
)

const renderedScreens: RouteObject[] = screenRoutes.map((screen) => ({
  path: screen.route.slice(1),
  element: (
    <Suspense fallback={<Loader />}>
      <ScreenPage key={screen.id} screenId={screen.id} />
    </Suspense>
  ),
}))

export const router = createBrowserRouter([
  { path: '/login', lazy: () => import('../features/login/login-page.tsx') },
  {
    path: '/',
    lazy: () => import('./main-layout.tsx'),
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: 'home', lazy: () => import('../features/home/home-page.tsx') },
      // The merchant section opens on identity verification (product-spec section 2).
      { path: 'merchant', element: <Navigate to="/merchant/security/verification" replace /> },
      ...renderedScreens,
    ],
  },
  { path: '*', lazy: () => import('../features/not-found/not-found-page.tsx') },
])
