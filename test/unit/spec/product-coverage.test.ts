// The spec covers the product: every REST call that product-spec section 7 writes as
// "METHOD /path", and every operation it names outright, exists in spec/ with that method
// and path (path parameters may be renamed). The operations it describes only in words are
// mapped to their names in docs/decisions.md ("Operation names").
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { operations } from '../../../src/generated/operations.ts'

const productSpec = join(import.meta.dirname, '../../../../shared/product-spec.md')
const hasProductSpec = existsSync(productSpec)
const section7 = hasProductSpec
  ? (/## 7\.[\s\S]*?(?=\n## 8\.)/.exec(readFileSync(productSpec, 'utf8'))?.[0] ?? '')
  : ''

/** "/contract/{id}/checkSigner" and "/contract/{contractId}/checkSigner" are the same path. */
const shape = (path: string) => path.replace(/\{[^}]+\}/g, '{}')
const served = new Set(operations.map((e) => `${e.method} ${shape(e.path)}`))

/** The help desk is hosted by us under /helpdesk (docs/decisions.md). */
const helpDeskPrefix = '/helpdesk'

function restCallsOfSection7(): string[] {
  const calls: string[] = []
  for (const line of section7.split('\n')) {
    const prefix = line.includes('help-desk API') ? helpDeskPrefix : ''
    const pattern =
      /((?:GET|POST|PUT|PATCH|DELETE)(?: and (?:GET|POST|PUT|PATCH|DELETE))*) +(\/?[A-Za-z][A-Za-z0-9_{}/.-]*)/g
    for (const match of line.matchAll(pattern)) {
      const [, methods = '', rawPath = ''] = match
      let path = rawPath.replace(/[.:]$/, '')
      if (!path.includes('/') || path === 'attachment') continue
      if (!path.startsWith('/')) path = `/${path}`
      for (const method of methods.split(' and ')) calls.push(`${method} ${prefix}${shape(path)}`)
    }
  }
  return calls
}

/** Operations section 7 names in so many words. */
const namedOperations = [
  'identityGet',
  'profileInquiry',
  'addressInquiry',
  'emailInquiry',
  'documentsInquiry',
  'customerAddressCreate',
  'customerAddressReplace',
  'confirmAddress',
  'confirmPhone',
  'customerTaxNumberUpdate',
  'kycCustomerInfoGet',
  'kycRequestGet',
  'kycInfoUpdate',
  'kycCustomerPersonalInfoUpdate',
  'customerLimitReasonGet',
  'dueDiligenceInfoGet',
  'balanceInquiry',
  'transactionHistoryExportList',
  'applyForCardInfo',
  'getCustomerInfo',
]

/** The entities of product-spec section 3 (and the catalogues of section 4), by schema file. */
const section3Entities = [
  'brand',
  'customer-info',
  'auth-session',
  'login-request',
  'login-response',
  'token-request',
  'device',
  'auth-profile',
  'account',
  'account-flags',
  'card',
  'card-flags',
  'card-application-fees',
  'shipping-option',
  'uploaded-document',
  'address',
  'identity',
  'document-type-requirement',
  'address-type',
  'address-status',
  'document-category',
  'document-status',
  'phone',
  'customer-email',
  'username-change-request',
  'invoice',
  'transfer-template',
  'payee-template',
  'external-card',
  'payment-instruction',
  'preapproved-subscription',
  'announcement',
  'ip-whitelist-item',
  'login-history-item',
  'notification-setting',
  'blacklist-user',
  'approval-request',
  'between-accounts-transfer',
  'transfer-result',
  'fee',
  'max-amount',
  'customer-limits',
  'swift-bank-details',
  'iban-bank-details',
  'bin-info',
  'instant-payment-details',
  'instant-bank',
  'mass-summary',
  'global-payment-details',
  'global-payment-meta',
  'global-payment-method',
  'extra-parameter',
  'global-submit-result',
  'global-pay-batch-upload',
  'global-pay-payment',
  'ipn-message',
  'ipn-settings',
  'merchant-logo',
  'identity-verification-item',
  'webhook',
  'api-key',
  'allowed-ip',
  'api-request-log',
  'webhook-request-log',
  'transaction-history-filter',
  'transaction',
  'history-summary',
  'batch-transfer',
  'statement-export',
  'contract',
  'contract-status',
  'contract-create',
  'contract-list-meta',
  'support-ticket',
  'support-status',
  'support-stats',
  'notification',
  'notification-type',
  'notification-status',
  'company-info',
  'fatca-certification',
  'fatca-document-status',
  'tin-missing-reason',
  'user-status',
  'verification-state',
  'limit-reason',
  'due-diligence-info',
  'kyc-customer-info',
  'kyc-request',
  'customer-access-info',
  'business-registration',
  'shareholder',
  'registration-person',
  'representative-role',
  'access-right',
  'approval-type',
  'approval-mode',
  'account-type',
  'account-status',
  'response-code',
  'country',
  'currency',
  'tax-id-rule',
  'industry',
  'industry-group',
  'additional-question',
  'state',
  'source-of-funds',
  'account-purpose',
  'occupation',
  'dialect',
  'phone-code',
]

test('every entity and catalogue of sections 3 and 4 is a schema file', () => {
  const schemas = join(import.meta.dirname, '../../../schemas')
  const missing = section3Entities.filter(
    (name) => !existsSync(join(schemas, `${name}.schema.json`)),
  )
  expect(missing).toEqual([])
})

describe.skipIf(!hasProductSpec)('the spec covers product-spec section 7', () => {
  test('section 7 was read', () => {
    expect(restCallsOfSection7().length).toBeGreaterThan(60)
  })

  test('every "METHOD /path" call of section 7 is an operation with that method and path', () => {
    const missing = restCallsOfSection7().filter((call) => !served.has(call))
    expect(missing).toEqual([])
  })

  test('every operation section 7 names outright is an operationId', () => {
    const ids = new Set<string>(operations.map((e) => e.operationId))
    expect(namedOperations.filter((name) => !ids.has(name))).toEqual([])
  })
})
