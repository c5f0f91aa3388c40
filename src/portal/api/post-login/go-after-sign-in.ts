// Carries out the post-login routing (post-login.ts): a portal route, another site (the old
// web), the pending terms, or back to the login screen with the reason. Loaded once a
// sign-in succeeds, so the login page itself stays small.
import type { NavigateFunction } from 'react-router'
import { session } from '../client.ts'
import { routeAfterSignIn } from './post-login.ts'

export async function goAfterSignIn(
  navigate: NavigateFunction,
  initialPath?: string,
): Promise<void> {
  const destination = await routeAfterSignIn(initialPath)
  switch (destination.kind) {
    case 'route':
      await navigate(destination.path, { replace: true })
      return
    case 'external':
      window.location.assign(destination.url)
      return
    case 'terms':
      await navigate('/terms', { replace: true, state: { terms: destination.terms } })
      return
    case 'login':
      await session.signOut()
      await navigate(`/login?reason=${destination.reason ?? 'failed'}`, { replace: true })
  }
}
