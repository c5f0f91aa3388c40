// The session's mass permission flags (product-spec section 6: sendMoneyMass*, of the acting
// customer, from customerAccessListGet) and the sample file links (massSampleLinksGet).
import { useEffect, useState } from 'react'
import { api } from '../../api/client.ts'

export interface MassAccess {
  /** null while loading or when the flags could not be read. */
  permissions: Record<string, boolean> | null
  loaded: boolean
  links: Record<string, string | undefined>
}

export function useMassAccess(): MassAccess {
  const [access, setAccess] = useState<MassAccess>({ permissions: null, loaded: false, links: {} })
  useEffect(() => {
    let cancelled = false
    void Promise.all([
      api.POST('/rpc/customerAccessListGet', { body: {} }).catch(() => null),
      api.POST('/rpc/massSampleLinksGet', { body: {} }).catch(() => null),
    ]).then(([accessReply, linksReply]) => {
      if (cancelled) return
      const info = accessReply?.data?.responseCode === '00' ? accessReply.data.accessInfo : null
      const links = linksReply?.data?.responseCode === '00' ? linksReply.data.links : undefined
      setAccess({
        permissions: (info?.permissions as Record<string, boolean> | undefined) ?? null,
        loaded: true,
        links: { ...(links ?? {}) },
      })
    })
    return () => {
      cancelled = true
    }
  }, [])
  return access
}
