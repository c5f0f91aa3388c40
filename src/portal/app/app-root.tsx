// The root of every route: the query parameters any page may carry (product-spec section 2,
// query handling). fromCustomerId sets the acting customer; an activation link (action with
// user and code) opens /activate; emailConfirmation=success|fail shows the "E-MAIL
// CONFIRMATION" popup (loaded only then). Each is taken out of the address once handled.
import { lazy, Suspense, useEffect, useState } from 'react'
import { Outlet, useLocation, useNavigate } from 'react-router'
import { setActingCustomer } from '../api/acting-customer.ts'
import { withAllStyles } from './styles.ts'

const EmailConfirmationPopup = lazy(withAllStyles(() => import('./email-confirmation-popup.tsx')))
const activationActions = ['activation', 'activationBusiness', 'activationEmployee']

export function AppRoot() {
  const location = useLocation()
  const navigate = useNavigate()
  const [confirmation, setConfirmation] = useState<'success' | 'fail' | null>(null)

  useEffect(() => {
    const params = new URLSearchParams(location.search)
    let changed = false
    const from = params.get('fromCustomerId')
    if (from !== null) {
      if (/^\d+$/.test(from)) setActingCustomer(Number(from))
      params.delete('fromCustomerId')
      changed = true
    }
    const email = params.get('emailConfirmation')
    if (email === 'success' || email === 'fail') {
      setConfirmation(email)
      params.delete('emailConfirmation')
      changed = true
    }
    const action = params.get('action')
    if (action && activationActions.includes(action) && location.pathname !== '/activate') {
      navigate(`/activate?${params.toString()}`, { replace: true })
      return
    }
    if (changed) {
      const search = params.toString()
      navigate(`${location.pathname}${search ? `?${search}` : ''}`, {
        replace: true,
        state: location.state,
      })
    }
  }, [location, navigate])

  return (
    <>
      <Outlet />
      {confirmation && (
        <Suspense fallback={null}>
          <EmailConfirmationPopup result={confirmation} onClose={() => setConfirmation(null)} />
        </Suspense>
      )}
    </>
  )
}
