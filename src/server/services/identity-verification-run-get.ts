// identityVerificationRunGet: the run a page link opens (product-spec section 2,
// /identity-verification/{workflowRunId}/{token}), polled by the page while the check runs.
// The link is the credential: a run is read only with its token (built-in-identity.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { openRun } from '../adapters/identity/built-in-identity.ts'
import { linkRefused, runView } from './identity-run-view.ts'

export const handler: Handler<'identityVerificationRunGet'> = async (context, input) => {
  const run = await openRun(context.db, input.workflowRunId, input.token, new Date())
  if (!run) return linkRefused('token')
  return rpcOk({ identityVerificationRun: runView(run) })
}
