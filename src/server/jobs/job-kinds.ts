// Every kind of job and the runner that does it.
import type { JobRunner } from './job-context.ts'
import { deliverWebhookJob, webhookDeliveryKind } from '../events/webhook-delivery.ts'
import { deliverIpnJob, ipnDeliveryKind } from '../events/ipn-delivery.ts'
import { orderExpiryJobKind, subscriptionRunJobKind } from '../transfers/transfer-orders.ts'
import { expireOrderJob } from '../transfers/order-expiry.ts'
import { runSubscriptionJob } from '../transfers/recurring-transfers.ts'
import { builtInRailJobKind } from '../adapters/rail/built-in-rail.ts'
import { recordRailOutcomeJob } from '../transfers/rail-outcomes.ts'
import {
  builtInIdentityCheckJob,
  builtInIdentityJobKind,
} from '../adapters/identity/built-in-identity.ts'
import { recordIdentityDecision } from '../kyc/identity-decisions.ts'
import { w8BenLapseJob, w8BenLapseJobKind } from '../kyc/fatca-w8ben-lapse.ts'
import { builtInCardStatusJobKind } from '../adapters/card-issuer/built-in-card-issuer.ts'
import { recordCardStatusJob } from '../cards/card-status.ts'
import { statementJobKind } from '../history/statements.ts'
import { buildStatementJob } from '../history/statement-pdf.ts'

export const jobKinds: Record<string, JobRunner | undefined> = {
  [webhookDeliveryKind]: deliverWebhookJob,
  [ipnDeliveryKind]: deliverIpnJob,
  [orderExpiryJobKind]: expireOrderJob,
  [subscriptionRunJobKind]: runSubscriptionJob,
  [builtInRailJobKind]: recordRailOutcomeJob,
  // The built-in identity provider decides in its job and reports to the kyc area's handler.
  [builtInIdentityJobKind]: builtInIdentityCheckJob(recordIdentityDecision),
  // A validated W-8BEN's warning and lapse (the bank's FATCA/CRS check).
  [w8BenLapseJobKind]: w8BenLapseJob,
  // The built-in card issuer's statuses, recorded by the cards area.
  [builtInCardStatusJobKind]: recordCardStatusJob,
  // A monthly statement's PDF (the history area).
  [statementJobKind]: buildStatementJob,
}
