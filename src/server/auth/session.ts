// Who a request acts as, read from its access token (auth/tokens.ts) and handed to handlers by
// the dispatcher.
export interface Session {
  userId: number
  customerId: number
  isAdmin: boolean
  /** The sign-in (refresh family) the access token belongs to. */
  familyId?: string
  /** Set when the token was issued to a linked device for its own secret. */
  deviceId?: string
  /** A tmpJwt of the verifyDevice flow or a migration: it may only link a device. */
  temporary?: boolean
  /** When the access token expires (the realtime channel closes then without a new one). */
  expiresAtMs?: number
  /**
   * Set when the request carried the help desk's access token (support/help-desk-tokens.ts):
   * the customer it acts for, whatever the request names.
   */
  helpDeskCustomerId?: number
}
