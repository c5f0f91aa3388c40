// The portal's one cache of server state (TanStack Query). It lives in the signed-in chunks
// only: the login route stays within its budget (DESIGN.md section 10) because nothing on it
// imports this file.
import { QueryClient } from '@tanstack/react-query'
import { session } from './client.ts'

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // The transport already retries network failures three times (product-spec section
      // 7); a second layer of retries would multiply them. An RPC answer with a code other
      // than '00' is data, not an error, so it is never retried either.
      retry: false,
      // Balances and lists are reloaded on the events that change them (a transfer, a
      // realtime transaction event), not whenever the window regains focus.
      refetchOnWindowFocus: false,
    },
    mutations: { retry: false },
  },
})

// Another person may sign in next in this tab: nothing read for this one may show to them.
session.subscribe((tokens) => {
  if (!tokens) queryClient.clear()
})
