// The transfer directory and lookups (product-spec sections 3, 5, 7 and 9): SWIFT and IBAN
// lookups answering real bank details, banks and branches per country, BIN info and the blocked
// list, instant banks and keys, transfer methods with the caller's permission flags, the extra
// fields of a transfer, and the mass sample files, which must download.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers, users } from '../../../src/server/db/schema.ts'
import { binInfoOf } from '../../../src/server/transfers/directory/bin.ts'
import { ibanCheck } from '../../../src/server/transfers/directory/iban.ts'
import { swiftCheck } from '../../../src/server/transfers/directory/swift.ts'
import { massLines } from '../../../src/server/transfers/mass-files.ts'
import { massSampleColumns, massSampleKinds } from '../../../src/server/transfers/mass-samples.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type Reply,
  type TestServer,
} from '../server-harness.ts'

type Body = Record<string, unknown>

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })
    const call = (op: string, body: Body): Promise<Reply> => server.post(`/rpc/${op}`, body, token)
    const bodyOf = (reply: Reply): Body => reply.body as unknown as Body

    describe('swiftLookup', () => {
      it.each([
        ['DEUTDEFF', { bankName: 'Deutsche Bank AG', city: 'Frankfurt am Main', zipCode: '60325' }],
        ['PSSTFRPPPAR', { bankName: 'La Banque Postale', countryIsoCode: 'FR' }],
        ['BOTKJPJT', { bankName: 'MUFG Bank, Ltd.', address: '2-7-1 Marunouchi, Chiyoda-ku' }],
      ])('answers the bank of %s', async (swift, want) => {
        const reply = await call('swiftLookup', { swift })
        expect(bodyOf(reply).bankDetails).toMatchObject({ ...want, code: swift, valid: true })
      })

      it('answers a well-formed code of an unknown bank valid, without details', async () => {
        const reply = await call('swiftLookup', { swift: 'ABCDDEFF' })
        expect(bodyOf(reply).bankDetails).toEqual({
          address: null,
          city: null,
          zipCode: null,
          countryIsoCode: 'DE',
          bankName: null,
          code: 'ABCDDEFF',
          valid: true,
        })
      })

      it('answers not valid for a code of no country or a reserved location', async () => {
        for (const swift of ['DEUTZZFF', 'DEUTDE0F']) {
          const reply = await call('swiftLookup', { swift })
          expect(reply.body.responseCode).toBe('00')
          expect(bodyOf(reply).bankDetails).toMatchObject({ valid: false, bankName: null })
        }
      })

      it('refuses a malformed code naming swift', async () => {
        for (const swift of ['deutdeff', 'DEUTDEF', 'DEUT DEFF']) {
          expect(failedParameters(await call('swiftLookup', { swift }))).toEqual(['swift'])
        }
        expect(failedParameters(await call('swiftLookup', {}))).toEqual(['swift'])
      })
    })

    describe('ibanLookup', () => {
      it('answers the bank, country and SWIFT of a German IBAN', async () => {
        const reply = await call('ibanLookup', { iban: 'DE89370400440532013000' })
        expect(bodyOf(reply).bankDetails).toEqual({
          address: 'Kaiserplatz',
          branch: null,
          city: 'Frankfurt am Main',
          zipCode: '60311',
          countryIsoCode: 'DE',
          country: 'Germany',
          bankName: 'Commerzbank AG',
          swift: 'COBADEFFXXX',
          valid: true,
        })
      })

      it.each([
        ['GB29NWBK60161331926819', 'National Westminster Bank plc', 'London City'],
        ['ES9121000418450200051332', 'CaixaBank, S.A.', 'Barcelona Diagonal'],
        ['BR1800360305000010009795493C1', 'Caixa Economica Federal', 'Agencia Brasilia Sede'],
      ])('names the bank and branch of %s', async (iban, bankName, branch) => {
        const reply = await call('ibanLookup', { iban })
        expect(bodyOf(reply).bankDetails).toMatchObject({ bankName, branch, valid: true })
      })

      it('answers a valid IBAN of a bank the directory lacks with its branch code only', async () => {
        const reply = await call('ibanLookup', { iban: 'GB33BUKB20201555555555' })
        expect(bodyOf(reply).bankDetails).toMatchObject({
          valid: true,
          bankName: null,
          swift: null,
          branch: '202015',
          country: 'United Kingdom',
        })
      })

      it('answers not valid for a mistyped IBAN, with no bank', async () => {
        for (const iban of [
          'DE89370400440532013001',
          'DE8937040044053201300',
          'US64SVBKUS6S3300958879',
        ]) {
          const reply = await call('ibanLookup', { iban })
          expect(reply.body.responseCode, iban).toBe('00')
          expect(bodyOf(reply).bankDetails, iban).toMatchObject({ valid: false, bankName: null })
        }
      })

      it('refuses an IBAN with spaces or lower case naming iban', async () => {
        for (const iban of ['DE89 3704 0044 0532 0130 00', 'de89370400440532013000', '']) {
          expect(failedParameters(await call('ibanLookup', { iban }))).toEqual(['iban'])
        }
      })
    })

    describe('bankList and branchCodeList', () => {
      it('lists the banks of a country by name with their EFT codes', async () => {
        const reply = await call('bankList', { countryCode: 'BR' })
        const banks = bodyOf(reply).banks as Array<{ code: string; name: string; swift: string }>
        expect(banks.map((bank) => bank.code)).toEqual(['237', '001', '104', '341'])
        expect(banks).toContainEqual({
          code: '001',
          name: 'Banco do Brasil S.A.',
          swift: 'BRASBRRJXXX',
        })
        expect(bodyOf(await call('bankList', { countryCode: 'AQ' })).banks).toEqual([])
      })

      it('refuses a country code of no country, or in lower case, naming countryCode', async () => {
        expect(failedParameters(await call('bankList', { countryCode: 'ZZ' }))).toEqual([
          'countryCode',
        ])
        expect(failedParameters(await call('bankList', { countryCode: 'br' }))).toEqual([
          'countryCode',
        ])
      })

      it.each([
        ['BR', '001', ['00001', '01234', '03344']],
        ['JP', '0005', ['001', '251', '401']],
        ['HK', '004', ['002', '101']],
        ['LK', '7010', ['001', '018', '660']],
      ])('lists the branch codes of %s bank %s', async (countryCode, bankCode, codes) => {
        const reply = await call('branchCodeList', { countryCode, bankCode })
        const branches = bodyOf(reply).branches as Array<{ code: string; name: string }>
        expect(branches.map((branch) => branch.code)).toEqual(codes)
        expect(branches.every((branch) => branch.name.length > 0)).toBe(true)
      })

      it('refuses a bank code the country does not know naming bankCode', async () => {
        const unknown = await call('branchCodeList', { countryCode: 'JP', bankCode: '9999' })
        expect(failedParameters(unknown)).toEqual(['bankCode'])
        // The Brazilian code of Banco do Brasil names no bank in Japan.
        const elsewhere = await call('branchCodeList', { countryCode: 'JP', bankCode: '001' })
        expect(failedParameters(elsewhere)).toEqual(['bankCode'])
        const malformed = await call('branchCodeList', { countryCode: 'JP', bankCode: '00 05' })
        expect(failedParameters(malformed)).toEqual(['bankCode'])
      })
    })

    describe('binInfoGet and binBlacklistList', () => {
      it('answers what the BIN table says about a card', async () => {
        const reply = await call('binInfoGet', { binNumber: '542418' })
        expect(bodyOf(reply).binInfo).toEqual({
          binNumber: '542418',
          issuer: 'Pacific Crest Bank',
          cardBrand: 'MASTERCARD',
          cardCategory: 'WORLD',
          cardType: 'CREDIT',
          countryCode: 'US',
          currencyCode: 'USD',
          isCommercial: false,
          isPrepaid: false,
          valid: true,
        })
      })

      it('answers an unknown BIN not valid with its brand, and a blocked one not valid', async () => {
        const unknown = await call('binInfoGet', { binNumber: '411111' })
        expect(bodyOf(unknown).binInfo).toEqual({
          binNumber: '411111',
          cardBrand: 'VISA',
          valid: false,
        })
        const blocked = await call('binInfoGet', { binNumber: '533317' })
        expect(bodyOf(blocked).binInfo).toMatchObject({ isPrepaid: true, valid: false })
      })

      it('refuses anything but 6 digits naming binNumber', async () => {
        for (const binNumber of ['41472', '4147 20', '4147201', 'abcdef']) {
          expect(failedParameters(await call('binInfoGet', { binNumber }))).toEqual(['binNumber'])
        }
      })

      it('lists the blocked BINs, each one binInfoGet answers not valid', async () => {
        const reply = await call('binBlacklistList', {})
        const bins = bodyOf(reply).bins as string[]
        expect(bins).toContain('533317')
        for (const binNumber of bins) {
          const info = await call('binInfoGet', { binNumber })
          expect(bodyOf(info).binInfo, binNumber).toMatchObject({ valid: false })
        }
        expect(failedParameters(await call('binBlacklistList', { all: true }))).toEqual(['all'])
      })
    })

    describe('instantBankList and instantKeyInfoGet', () => {
      it('lists the PIX banks of Brazil by their ISPB, and none elsewhere', async () => {
        const reply = await call('instantBankList', { countryCode: 'BR' })
        expect(bodyOf(reply).banks).toContainEqual({
          code: '00360305',
          name: 'Caixa Economica Federal',
          countryCode: 'BR',
        })
        expect((bodyOf(reply).banks as unknown[]).length).toBe(4)
        expect(bodyOf(await call('instantBankList', { countryCode: 'DE' })).banks).toEqual([])
        const unknown = await call('instantBankList', { countryCode: 'ZZ' })
        expect(failedParameters(unknown)).toEqual(['countryCode'])
      })

      it('resolves an e-mail key to its owner, the tax id masked', async () => {
        const reply = await call('instantKeyInfoGet', {
          instantKey: ' Joao.Pereira@example.com.br',
          instantKeyType: 'email',
        })
        expect(bodyOf(reply).instantInfo).toEqual({
          instantKey: 'joao.pereira@example.com.br',
          instantKeyType: 'email',
          taxId: '***.456.789-**',
          beneficiaryName: 'Joao Carlos Pereira',
          bankName: 'Itau Unibanco S.A.',
          bankCode: '60701190',
          branchCode: '00912',
          accountNumber: '04512-3',
          accountType: 'checking',
          countryCode: 'BR',
        })
      })

      it('resolves a phone key written as people write it, confirming the tax id sent', async () => {
        const reply = await call('instantKeyInfoGet', {
          instantKey: '+55 (11) 98765-4321',
          instantKeyType: 'phone',
          taxId: '987.654.321-00',
        })
        expect(bodyOf(reply).instantInfo).toMatchObject({
          instantKey: '+5511987654321',
          beneficiaryName: 'Mariana Lima Costa',
          taxId: '98765432100',
        })
      })

      it.each([
        ['an unknown key type', { instantKey: 'a@b.co', instantKeyType: 'cpf' }, 'instantKeyType'],
        ['a malformed CPF', { instantKey: '52998224726', instantKeyType: 'taxId' }, 'instantKey'],
        [
          'an unregistered key',
          { instantKey: 'nobody@example.com', instantKeyType: 'email' },
          'instantKey',
        ],
        [
          "someone else's tax id",
          { instantKey: '+5511987654321', instantKeyType: 'phone', taxId: '52998224725' },
          'taxId',
        ],
        [
          'a malformed tax id',
          { instantKey: '+5511987654321', instantKeyType: 'phone', taxId: '123' },
          'taxId',
        ],
        ['a missing key', { instantKeyType: 'email' }, 'instantKey'],
      ])('refuses %s naming the field', async (_name, body, parameter) => {
        expect(failedParameters(await call('instantKeyInfoGet', body))).toEqual([parameter])
      })
    })

    describe('transfer methods', () => {
      const setFlags = async (flags: Record<string, boolean>) => {
        const [user] = await server.db
          .select()
          .from(users)
          .where(eq(users.username, 'demo@nova.example'))
        await server.db
          .update(customers)
          .set({ permissions: flags })
          .where(eq(customers.id, user!.customerId))
      }
      const availability = (reply: Reply) =>
        Object.fromEntries(
          (bodyOf(reply).methods as Array<{ transferType: string; available: boolean }>).map(
            (m) => [m.transferType, m.available],
          ),
        )

      it('offers every external type by default, available by the permission flags', async () => {
        await setFlags({ sendMoneyUser: true })
        const closed = await call('transferMethodDefaultList', {})
        expect(availability(closed)).toEqual({
          wire: false,
          eft: false,
          oct: false,
          crypto_eft: false,
          instant_payment: false,
          interac: false,
        })
        await setFlags({ sendMoneyUser: true, sendMoneyWire: true, ToCard: true })
        const open = await call('transferMethodDefaultList', {})
        expect(availability(open)).toMatchObject({ wire: true, oct: true, eft: false })
      })

      it.each([
        ['GB', 'eft', 'FASTER_PAYMENTS', ['GBP']],
        ['US', 'eft', 'ACH', ['USD']],
        ['FR', 'eft', 'SEPA', ['EUR']],
        ['BR', 'instant_payment', 'PIX', ['BRL']],
        ['CA', 'interac', undefined, ['CAD']],
      ])('offers %s the %s method', async (countryCode, transferType, scheme, currencyCodes) => {
        const reply = await call('transferMethodCountryList', { countryCode })
        const methods = bodyOf(reply).methods as Array<Record<string, unknown>>
        const method = methods.find((m) => m.transferType === transferType)
        expect(method).toMatchObject({ countryCode, currencyCodes })
        expect(method?.scheme).toBe(scheme)
      })

      it('keeps only the methods paying out in the currency asked for', async () => {
        const reply = await call('transferMethodCountryList', {
          countryCode: 'DE',
          currencyCode: 'BTC',
        })
        const methods = bodyOf(reply).methods as Array<{ transferType: string }>
        expect(methods.map((m) => m.transferType)).toEqual(['crypto_eft'])
        const none = await call('transferMethodCountryList', { countryCode: 'KP' })
        expect(bodyOf(none).methods).toEqual([])
      })

      it('refuses an unknown country or currency naming it', async () => {
        const country = await call('transferMethodCountryList', { countryCode: 'ZZ' })
        expect(failedParameters(country)).toEqual(['countryCode'])
        const currency = await call('transferMethodCountryList', {
          countryCode: 'DE',
          currencyCode: 'XYZ',
        })
        expect(failedParameters(currency)).toEqual(['currencyCode'])
      })
    })

    describe('transferExtraParameterList', () => {
      const extraOf = async (body: Body) => {
        const reply = await call('transferExtraParameterList', body)
        return bodyOf(reply).extraParams as Array<Record<string, unknown>>
      }

      it('asks a purpose code of a wire to the Emirates', async () => {
        const params = await extraOf({
          transferType: 'wire',
          countryCode: 'AE',
          currencyCode: 'USD',
        })
        expect(params.map((p) => p.name)).toEqual(['purposeCode', 'intermediarySwift'])
        expect(params[0]).toMatchObject({ type: 'select', required: true })
        expect(params[0]?.options).toContainEqual({ value: 'SALA', label: 'Salary' })
      })

      it('asks a CPF of a person and a CNPJ of a company in Brazil, and the account type', async () => {
        const params = await extraOf({ transferType: 'eft', countryCode: 'BR' })
        expect(params.map((p) => p.name)).toEqual(['beneficiaryType', 'accountType'])
        expect(params[0]?.options).toEqual([
          expect.objectContaining({
            value: 'individual',
            extraParams: [
              expect.objectContaining({ name: 'taxId', label: 'CPF', pattern: '^[0-9]{11}$' }),
            ],
          }),
          expect.objectContaining({
            value: 'business',
            extraParams: [
              expect.objectContaining({ name: 'taxId', label: 'CNPJ', pattern: '^[0-9]{14}$' }),
            ],
          }),
        ])
      })

      it('asks nothing more of a euro wire within SEPA, but an intermediary for dollars', async () => {
        expect(
          await extraOf({ transferType: 'wire', countryCode: 'DE', currencyCode: 'EUR' }),
        ).toEqual([])
        const dollars = await extraOf({
          transferType: 'wire',
          countryCode: 'DE',
          currencyCode: 'USD',
        })
        expect(dollars.map((p) => p.name)).toEqual(['intermediarySwift'])
        expect(await extraOf({ transferType: 'p2p', countryCode: 'DE' })).toEqual([])
      })

      it('refuses a type or currency not offered to the country naming the field', async () => {
        const interac = await call('transferExtraParameterList', {
          transferType: 'interac',
          countryCode: 'DE',
        })
        expect(failedParameters(interac)).toEqual(['transferType'])
        const currency = await call('transferExtraParameterList', {
          transferType: 'eft',
          countryCode: 'DE',
          currencyCode: 'USD',
        })
        expect(failedParameters(currency)).toEqual(['currencyCode'])
        const type = await call('transferExtraParameterList', {
          transferType: 'cash',
          countryCode: 'DE',
        })
        expect(failedParameters(type)).toEqual(['transferType'])
        const country = await call('transferExtraParameterList', {
          transferType: 'wire',
          countryCode: 'ZZ',
        })
        expect(failedParameters(country)).toEqual(['countryCode'])
      })
    })

    describe('massSampleLinksGet', () => {
      it('links a sample of every kind, each of which downloads as CSV in its layout', async () => {
        const publicUrl = process.env.PUBLIC_URL
        process.env.PUBLIC_URL = server.baseUrl
        let reply: Reply
        try {
          reply = await call('massSampleLinksGet', {})
        } finally {
          if (publicUrl === undefined) delete process.env.PUBLIC_URL
          else process.env.PUBLIC_URL = publicUrl
        }
        const links = bodyOf(reply).links as Record<string, string>
        expect(Object.keys(links).sort()).toEqual([...massSampleKinds].sort())
        for (const kind of massSampleKinds) {
          expect(links[kind]).toBe(`${server.baseUrl}/samples/mass/${kind}.csv`)
          const download = await fetch(links[kind]!)
          expect(download.status, kind).toBe(200)
          expect(download.headers.get('content-type')).toMatch(/^text\/csv/)
          expect(download.headers.get('content-disposition')).toContain(`mass-${kind}-sample.csv`)
          const lines = massLines(await download.text(), massSampleColumns[kind])
          expect(lines.length, kind).toBeGreaterThanOrEqual(3)
          for (const line of lines) {
            expect(Object.keys(line.cells), `${kind} line ${line.lineNumber}`).toEqual(
              expect.arrayContaining(['amount', 'currency']),
            )
            expect(line.cells.amount).toMatch(/^[0-9]+(\.[0-9]{1,8})?$/)
          }
          checkSample(
            kind,
            lines.map((line) => line.cells),
          )
        }
      })

      it('links on the server port when no public URL is configured', async () => {
        const publicUrl = process.env.PUBLIC_URL
        delete process.env.PUBLIC_URL
        try {
          const reply = await call('massSampleLinksGet', {})
          expect((bodyOf(reply).links as Record<string, string>).wire).toBe(
            'http://localhost:3000/samples/mass/wire.csv',
          )
        } finally {
          if (publicUrl !== undefined) process.env.PUBLIC_URL = publicUrl
        }
      })

      it('answers 404 for a sample that does not exist, and AU without a session', async () => {
        for (const path of [
          '/samples/mass/payroll.csv',
          '/samples/mass/wire.txt',
          '/samples/mass/..%2Fwire.csv',
        ]) {
          const response = await fetch(`${server.baseUrl}${path}`)
          expect(response.status, path).toBe(404)
        }
        const anonymous = await server.post('/rpc/massSampleLinksGet', {})
        expect(anonymous.status).toBe(401)
      })
    })
  })
}

/** The data of each sample passes the checks a real transfer of that kind meets. */
function checkSample(kind: string, rows: Array<Record<string, string>>): void {
  for (const row of rows) {
    if (row.iban) expect(ibanCheck(row.iban).valid, row.iban).toBe(true)
    if (row.swift) expect(swiftCheck(row.swift).valid, row.swift).toBe(true)
    if (kind === 'wire') expect(row.iban ?? row.accountNumber).toBeDefined()
    if (kind === 'eft' && ['BR', 'JP', 'HK', 'LK'].includes(row.countryCode ?? '')) {
      expect(row.bankCode && row.branchCode, JSON.stringify(row)).toBeTruthy()
    }
    if (kind === 'creditCard') {
      const info = binInfoOf(row.cardNumber ?? '')
      expect(info?.valid, row.cardNumber).toBe(true)
      expect(luhnValid(row.cardNumber ?? ''), row.cardNumber).toBe(true)
    }
    if (kind === 'p2p') expect(row.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/)
    if (kind === 'globalPay') {
      expect(row.beneficiaryEmail).toMatch(/@/)
      expect(['sender', 'beneficiary']).toContain(row.feeShare)
    }
    if (kind === 'cryptoEft') expect(row.walletAddress).toMatch(/^[A-Za-z0-9:_-]{16,128}$/)
  }
}

function luhnValid(digits: string): boolean {
  let sum = 0
  ;[...digits].reverse().forEach((digit, i) => {
    const doubled = Number(digit) * (i % 2 === 1 ? 2 : 1)
    sum += doubled > 9 ? doubled - 9 : doubled
  })
  return sum % 10 === 0
}
