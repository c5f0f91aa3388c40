// The requests of npm run chaos: every kind of transfer the server takes, each with an
// idempotency key, sent by signed-in demo users whose approval mode moves money at once
// (approval type 0), so no second step needs a device. A request is kept with its key and
// body until it has an answer; the first answer is kept to compare every retry with.
import { randomUUID } from 'node:crypto'

/** Who sends a kind: demo@ (personal, USD and EUR) or business@ (a company, EUR and USD). */
export type Sender = 'demo@nova.example' | 'business@nova.example'

export interface Kind {
  name: string
  sender: Sender
  path: string
  /** The body without the key; amounts are small so that the run does not empty the accounts. */
  body(accounts: Record<string, number>, amount: string): Record<string, unknown>
  /** The order it creates pays out through the rail (a job settles or returns it). */
  rail?: boolean
}

const external = (path: string, name: string, body: Kind['body']): Kind => ({
  name,
  sender: 'demo@nova.example',
  path,
  body,
  rail: true,
})

export const kinds: Kind[] = [
  {
    name: 'betweenAccounts',
    sender: 'demo@nova.example',
    path: '/rpc/betweenAccountsTransferSubmit',
    body: (a, amount) => ({ toAmount: amount, fromAccount: a.USD, toAccount: a.EUR }),
  },
  {
    name: 'exchangeBack',
    sender: 'demo@nova.example',
    path: '/rpc/betweenAccountsTransferSubmit',
    body: (a, amount) => ({ toAmount: amount, fromAccount: a.EUR, toAccount: a.USD }),
  },
  {
    name: 'p2p',
    sender: 'demo@nova.example',
    path: '/rpc/p2pTransferSubmit',
    body: (a, amount) => ({
      accountId: a.USD,
      amount,
      currency: 'USD',
      toEmail: 'business@nova.example',
    }),
  },
  {
    // The demo invoice business@ sent demo@ (src/server/demo/invoices.ts): paid by one key only,
    // every other key is refused (already paid), kept under its key like any refusal.
    name: 'invoicePay',
    sender: 'demo@nova.example',
    path: '/rpc/p2pTransferSubmit',
    body: (a) => ({
      accountId: a.EUR,
      amount: '120.00',
      currency: 'EUR',
      toEmail: 'business@nova.example',
      invoiceId: 160001,
      reference: 'Chaos invoice',
    }),
  },
  {
    name: 'p2pBack',
    sender: 'business@nova.example',
    path: '/rpc/p2pTransferSubmit',
    body: (a) => ({
      accountId: a.USD,
      amount: '9.00',
      currency: 'USD',
      toEmail: 'demo@nova.example',
    }),
  },
  {
    name: 'mass',
    sender: 'business@nova.example',
    path: '/rpc/p2pMassTransferTextSubmit',
    body: (a, amount) => ({
      accountId: a.EUR,
      text: `demo@nova.example\t${amount}\tEUR\tchaos\ndemo@nova.example\t4.00\tEUR\tchaos`,
    }),
  },
  external('/rpc/wireTransferSubmit', 'wire', (a, amount) => ({
    accountId: a.USD,
    amount,
    countryCode: 'DE',
    currencyCode: 'USD',
    beneficiaryName: 'Jamie Fischer',
    iban: 'DE89370400440532013000',
    swift: 'COBADEFFXXX',
    permission: '3d',
  })),
  external('/rpc/eftTransferSubmit', 'eft', (a, amount) => ({
    accountId: a.EUR,
    amount,
    countryCode: 'FR',
    currencyCode: 'EUR',
    beneficiaryName: 'Atelier Moreau',
    accountNumber: 'FR1420041010050500013M02606',
    permission: '3d',
  })),
  external('/rpc/octTransferSubmit', 'card', (a, amount) => ({
    accountId: a.USD,
    amount,
    currencyCode: 'USD',
    cardNumber: '4147201234000008',
    cardHolderName: 'Alex Morgan',
    permission: 'own',
  })),
  external('/rpc/cryptoTransferSubmit', 'crypto', (a, amount) => ({
    accountId: a.USD,
    amount,
    currencyCode: 'ETH',
    walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    permission: 'own',
  })),
  external('/rpc/instantTransferSubmit', 'instant', (a, amount) => ({
    accountId: a.USD,
    amount,
    currencyCode: 'BRL',
    countryCode: 'BR',
    instantKey: '529.982.247-25',
    instantKeyType: 'taxId',
    permission: '3d',
  })),
  external('/rpc/interacTransferSubmit', 'interac', (a, amount) => ({
    accountId: a.USD,
    amount,
    email: 'Taylor.Maple@Friends.example',
    beneficiaryName: 'Taylor Maple',
    permission: '3d',
  })),
  // The built-in rail returns every payout to this payee: the job voids the hold instead.
  external('/rpc/interacTransferSubmit', 'returned', (a, amount) => ({
    accountId: a.USD,
    amount,
    email: 'returned@rail.example',
    beneficiaryName: 'Returned Payee',
    permission: '3d',
  })),
]

export interface Request {
  key: string
  kind: Kind
  body: Record<string, unknown>
  /** The first answer received, status and body; undefined until one arrives. */
  first?: { status: number; body: Record<string, unknown> }
  retries: number
}

/** A new request of a random kind with a fresh key and an amount from 0.10 to 2.00. */
export function newRequest(accounts: Record<Sender, Record<string, number>>, random: () => number) {
  const kind = kinds[Math.floor(random() * kinds.length)]!
  const amount = (0.1 + Math.floor(random() * 190) / 100).toFixed(2)
  const body = {
    ...kind.body(accounts[kind.sender], amount),
    idempotencyKey: `chaos-${randomUUID()}`,
  }
  return { key: body.idempotencyKey, kind, body, retries: 0 } satisfies Request
}
