// identityVerificationStart (POST /identity-verification, product-spec section 7): starts an
// identity check of the signed-in customer; its answer's url is the run's page
// (/identity-verification/{workflowRunId}/{token}, section 2). A refusal (no check needed,
// too many started) carries the message to show (section 8).
import { useMutation } from '@tanstack/react-query'
import { api } from './client.ts'

export type IdentityCheckStart =
  { ok: true; url: string } | { ok: false; status: number; message: string | undefined }

export async function startIdentityCheck(): Promise<IdentityCheckStart> {
  const { data, error, response } = await api.POST('/identity-verification', { body: {} })
  if (response.ok && data) return { ok: true, url: data.url }
  const message = (error as { message?: unknown } | undefined)?.message
  return {
    ok: false,
    status: response.status,
    message: typeof message === 'string' ? message : undefined,
  }
}

export function useIdentityVerificationStart() {
  return useMutation({ mutationFn: startIdentityCheck })
}
