// The route guard of the pages with an access (spec/README.md, Screens): a person the access
// does not admit is sent to the page's fallback (product-spec section 2: the API key, API log
// and webhook log pages send others to the saved buttons), or sees the page-not-found, which
// reveals no more than a page that does not exist.
import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import { Loader } from '@mantine/core'
import { Component as NotFound } from '../features/not-found/not-found-page.tsx'
import { mayOpen, useViewer, type PageAccess } from './viewer.ts'

export function AccessGuard(props: PageAccess & { fallbackRoute?: string; children: ReactNode }) {
  const viewer = useViewer()
  if (!viewer) return <Loader />
  if (mayOpen(props, viewer)) return props.children
  if (props.fallbackRoute) return <Navigate to={props.fallbackRoute} replace />
  return <NotFound />
}
