// Post-login routing as a hook, for pages other than the login page (the terms page).
import { useCallback } from 'react'
import { useNavigate } from 'react-router'
import { goAfterSignIn } from './go-after-sign-in.ts'

export function useRouteAfterSignIn(): (initialPath?: string) => Promise<void> {
  const navigate = useNavigate()
  return useCallback((initialPath?: string) => goAfterSignIn(navigate, initialPath), [navigate])
}
