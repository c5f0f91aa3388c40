// The subscription fields of a submit (product-spec section 3) as terms, or why they are not.
import type { FieldError } from '../rpc/outcome.ts'
import type { SubscriptionTerms } from './subscription-schedule.ts'
import { refusal } from '../rpc/outcome.ts'

interface SubscriptionFields {
  subscriptionFrequency?: 'daily' | 'weekly' | 'monthly'
  subscriptionEndDate?: string
  subscriptionTransactions?: number
  subscriptionUserCancel?: boolean
}

export function subscriptionTermsOf(
  input: SubscriptionFields,
  today = new Date().toISOString().slice(0, 10),
): SubscriptionTerms | FieldError | undefined {
  if (!input.subscriptionFrequency) return undefined
  if (input.subscriptionEndDate !== undefined && input.subscriptionEndDate <= today) {
    return refusal('subscriptionEndDate', 'refusal.common.mustBeAfterToday')
  }
  return {
    frequency: input.subscriptionFrequency,
    ...(input.subscriptionEndDate ? { endDate: input.subscriptionEndDate } : {}),
    ...(input.subscriptionTransactions ? { runsTotal: input.subscriptionTransactions } : {}),
    // The product leaves the default open; a customer can stop their own standing order.
    userCanCancel: input.subscriptionUserCancel ?? true,
  }
}
