// The built-in card issuer: needs no outside service, and runs the whole life of a card in the
// demo and in tests. Its catalogue, fees and timing are in README.md beside this file. A
// physical card moves one status every CARD_STEP_SECONDS (default 30) through jobs of the jobs
// table, each enqueued when the one before was recorded (followUp), so it survives restarts,
// runs on any instance, and tests make the time pass with runDueJobs on a later clock.
import { randomInt } from 'node:crypto'
import type { Db } from '../../db/open-database.ts'
import { enqueueJobs } from '../../jobs/job-queue.ts'
import { AccountStatus } from '../../../generated/constants.ts'
import type {
  CardFees,
  CardIssuerAdapter,
  CardProduct,
  CardStatusReport,
  IssuedCard,
  ShipmentRequest,
  ShippingOption,
} from './card-issuer-adapter.ts'

export const builtInCardStatusJobKind = 'card-issuer.built-in-status'

/** Seconds between two statuses of a card on its way: CARD_STEP_SECONDS, 30 unless set. */
export function cardStepMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.CARD_STEP_SECONDS)
  return (Number.isFinite(seconds) && seconds >= 0 && env.CARD_STEP_SECONDS ? seconds : 30) * 1000
}

const products: CardProduct[] = [
  { type: 2006, subType: 'PREPAID', currencyCode: 'USD', cardIsVirtual: true },
  { type: 2007, subType: 'PREPAID', currencyCode: 'EUR', cardIsVirtual: true },
  { type: 2010, subType: 'PREPAID', currencyCode: 'USD', cardIsVirtual: false },
  { type: 2011, subType: 'PREPAID', currencyCode: 'EUR', cardIsVirtual: false },
  { type: 2020, subType: 'DEBIT', currencyCode: 'USD', cardIsVirtual: false },
  { type: 2021, subType: 'DEBIT', currencyCode: 'EUR', cardIsVirtual: false },
  { type: 2030, subType: 'DEBIT', currencyCode: 'RON', cardIsVirtual: false },
]

/** Express shipping goes to these countries only; elsewhere it is listed as disabled. */
const expressCountries = new Set(['GB', 'LT', 'US', 'DE', 'FR', 'ES', 'PT', 'RO', 'IT', 'NL'])
export const expressUnavailableReason = 'Express shipping is not available to this country.'
/** The countries the built-in issuer ships to at all. */
const blockedCountries = new Set(['RU', 'BY', 'IR', 'KP', 'SY', 'CU'])

function shippingOptions(countryCode: string | undefined): ShippingOption[] {
  const express = countryCode === undefined || expressCountries.has(countryCode)
  return [
    {
      id: 1,
      type: 'standard',
      feeMinor: 0n,
      deliveryTime: '10-15 business days',
      disabledReasons: [],
      express: false,
    },
    {
      id: 2,
      type: 'express',
      feeMinor: 2500n,
      deliveryTime: '2-4 business days',
      disabledReasons: express ? [] : [expressUnavailableReason],
      express: true,
    },
  ]
}

function fees(product: CardProduct, countryCode: string | undefined): CardFees | undefined {
  if (countryCode !== undefined && blockedCountries.has(countryCode)) return undefined
  if (product.cardIsVirtual) {
    return {
      annualMinor: 0n,
      issueMinor: 200n,
      monthlyMinor: 0n,
      activationMinor: 0n,
      shipping: [],
    }
  }
  return {
    annualMinor: product.subType === 'DEBIT' ? 1200n : 0n,
    issueMinor: 1000n,
    monthlyMinor: 100n,
    activationMinor: 300n,
    shipping: shippingOptions(countryCode),
  }
}

/** The Luhn check digit of the digits before it. */
export function luhnDigit(body: string): number {
  let sum = 0
  for (let i = 0; i < body.length; i++) {
    let digit = Number(body[body.length - 1 - i])
    if (i % 2 === 0) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return (10 - (sum % 10)) % 10
}

function digits(count: number): string {
  return Array.from({ length: count }, () => String(randomInt(0, 10))).join('')
}

function issue(now: Date): IssuedCard {
  // 4 plus the built-in issuer's five-digit range, nine random digits and the check digit.
  const body = `453201${digits(9)}`
  const expiry = new Date(Date.UTC(now.getUTCFullYear() + 3, now.getUTCMonth(), 1))
  return {
    cardNumber: `${body}${luhnDigit(body)}`,
    pin: digits(4),
    expiryMonth: expiry.getUTCMonth() + 1,
    expiryYear: expiry.getUTCFullYear(),
  }
}

const S = AccountStatus
/** The statuses of a card on its way, each a step after the one before. */
const shippingSteps = [S.Processing, S.Printing, S.Printed, S.Shipped]

async function enqueueReport(tx: Db, report: CardStatusReport, runAt: Date) {
  await enqueueJobs(tx, [{ kind: builtInCardStatusJobKind, payload: { ...report }, runAt }])
}

export function builtInCardIssuer(stepMs = cardStepMs()): CardIssuerAdapter {
  return {
    name: 'built-in',
    products: () => products,
    fees,
    issue,
    newPin: () => digits(4),
    async ship(tx: Db, request: ShipmentRequest): Promise<void> {
      const first: CardStatusReport = request.documentMissing
        ? { ...request, statusId: S.PendingDocument, from: S.Processing }
        : { ...request, statusId: S.Printing, from: S.Processing }
      await enqueueReport(tx, first, new Date(Date.now() + stepMs))
    },
    async followUp(tx: Db, applied: CardStatusReport, now: Date): Promise<void> {
      const index = shippingSteps.indexOf(applied.statusId as (typeof shippingSteps)[number])
      const next = index >= 0 ? shippingSteps[index + 1] : undefined
      if (next === undefined) return
      const runAt = new Date(now.getTime() + stepMs)
      await enqueueReport(tx, { ...applied, statusId: next, from: applied.statusId }, runAt)
    },
    async report(tx: Db, report): Promise<void> {
      await enqueueJobs(tx, [
        {
          kind: builtInCardStatusJobKind,
          payload: { ...report, target: 'card', from: null },
        },
      ])
    },
  }
}
