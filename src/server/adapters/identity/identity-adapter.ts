// The identity-provider adapter: who checks that a person is who they claim to be (product-
// spec section 2, /identity-verification/{workflowRunId}/{token}; section 3, Brand config:
// identity check providers jmo and nfd). Starting a check opens a run at the provider, whose
// page the person visits; the provider later reports its decision about the run to our side,
// which records it (kyc/identity-decisions.ts). A real provider reports through its webhook;
// the built-in provider (built-in-identity.ts) through a job of the jobs table. Either way the
// adapter calls the handler it is given and never imports the area that handles it.
import type { Db } from '../../db/open-database.ts'
import type { IdentityCheckProvider } from '../../../generated/constants.ts'

/** A run a provider opened: where the person goes, and until when the link works. */
export interface IdentityRun {
  workflowRunId: string
  /** The credential of the run's page: handed out once, only its hash is kept. */
  token: string
  /** The page to open, a path of the portal's own origin. */
  url: string
  expiresAt: Date
}

/** Our identity-check request the run is opened for (a kyc_requests row). */
export interface IdentityCheckRequest {
  requestId: number
  customerId: number
}

export interface IdentityAdapter {
  /** Recorded as the request's provider (schemas/identity-check-provider.schema.json). */
  readonly provider: IdentityCheckProvider
  /**
   * Opens a run for a request inside the caller's transaction, so a start that fails opens
   * nothing; it must not wait for the person, whose files arrive later on the run's page.
   */
  start(tx: Db, request: IdentityCheckRequest, now: Date): Promise<IdentityRun>
}

/** The identity document a provider accepted: a file stored for the customer, and its type. */
export interface ConfirmedDocument {
  /** A stored_files row of the run's customer. */
  fileId: number
  /** A proof-of-identity type of the documentTypes dictionary. */
  documentTypeId: number
}

/** What a provider reports about a run, as a webhook would deliver it. */
export type IdentityDecision =
  | {
      provider: IdentityCheckProvider
      workflowRunId: string
      outcome: 'approved'
      document: ConfirmedDocument
    }
  | { provider: IdentityCheckProvider; workflowRunId: string; outcome: 'refused'; reason: string }

/** Our side's handler of a decision; a second report of a decided run changes nothing. */
export type IdentityDecisionHandler = (db: Db, decision: IdentityDecision) => Promise<void>
