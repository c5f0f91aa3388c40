// Carries out the post-login routing (post-login.ts): a portal route, another site (the old
// web), the pending terms, or back to the login screen with the reason.
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { session } from '../../api/client.ts'
import { routeAfterSignIn } from './post-login.ts'

export function useRouteAfterSignIn(): (initialPath?: string) => Promise<void> {
  const navigate = useNavigate()
  return useCallback(
    async (initialPath?: string) => {
      const destination = await routeAfterSignIn(initialPath)
      switch (destination.kind) {
        case 'route':
          navigate(destination.path, { replace: true })
          return
        case 'external':
          window.location.assign(destination.url)
          return
        case 'terms':
          navigate('/terms', { replace: true, state: { terms: destination.terms } })
          return
        case 'login':
          await session.signOut()
          navigate(`/login?reason=${destination.reason ?? 'failed'}`, { replace: true })
      }
    },
    [navigate],
  )
}
