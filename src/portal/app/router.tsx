// The data router; every screen is a lazy route so the login route loads only what it uses.
import { createBrowserRouter, Navigate } from 'react-router'

export const router = createBrowserRouter([
  { path: '/login', lazy: () => import('../features/login/login-page.tsx') },
  {
    path: '/',
    lazy: () => import('./main-layout.tsx'),
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      { path: 'home', lazy: () => import('../features/home/home-page.tsx') },
    ],
  },
  { path: '*', lazy: () => import('../features/not-found/not-found-page.tsx') },
])
