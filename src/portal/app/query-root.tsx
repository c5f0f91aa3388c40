// The route every page but /login sits under: it provides the query cache (one client for the
// whole tab, api/query-client.ts). A lazy route, so TanStack Query stays out of the login
// route's scripts (its budget, DESIGN.md section 10).
import { QueryClientProvider } from '@tanstack/react-query'
import { Outlet } from 'react-router'
import { queryClient } from '../api/query-client.ts'

export function Component() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  )
}
