// The route guard of the pages with an access (spec/README.md, Screens): a person the access
// does not admit is sent to the page's fallback (product-spec section 2: the API key, API log
// and webhook log pages send others to the saved buttons), or sees the page-not-found, which
// reveals no more than a page that does not exist.
import type { ReactNode } from 'react'
import { Navigate } from 'react-router'
import { Loader } from '@mantine/core'
import { useBrand } from '../brand/brand-context.tsx'
import { InLayout as NotFound } from '../features/not-found/not-found-page.tsx'
import { mayOpen, useViewer, type PageAccess } from './viewer.ts'

interface GuardProps extends PageAccess {
  fallbackRoute?: string
  /** A brand setting that must be true (contractsEnable); off, the page does not exist. */
  brandFlag?: string
  children: ReactNode
}

export function AccessGuard(props: GuardProps) {
  const viewer = useViewer()
  const brand = useBrand() as unknown as Readonly<Record<string, unknown>>
  if (props.brandFlag !== undefined && brand[props.brandFlag] !== true) return <NotFound />
  if (!viewer) return <Loader />
  if (mayOpen(props, viewer)) return props.children
  if (props.fallbackRoute) return <Navigate to={props.fallbackRoute} replace />
  return <NotFound />
}
