// Every kind of job and the runner that does it.
import type { JobRunner } from './job-context.ts'
import { deliverWebhookJob, webhookDeliveryKind } from '../events/webhook-delivery.ts'
import { deliverIpnJob, ipnDeliveryKind } from '../events/ipn-delivery.ts'

export const jobKinds: Record<string, JobRunner | undefined> = {
  [webhookDeliveryKind]: deliverWebhookJob,
  [ipnDeliveryKind]: deliverIpnJob,
}
