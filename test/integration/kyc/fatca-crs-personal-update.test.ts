// fatcaCrsPersonalGet and fatcaCrsPersonalUpdate: the personal customer's FATCA/CRS
// self-certification (product-spec sections 3, 4 and 5). fatca@nova.example starts with nothing
// certified (the self-certification splash of post-login routing); the form is prefilled from
// the records, a save produces real PDFs with the answers in them, every rule refused is VF
// naming its field and changes nothing, and a saved and signed certification ends the
// self-certification splash.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { openForm } from './fatca-support.ts'

interface Certification {
  name?: string
  residenceAddress?: { address1: string; city: string; countryCode: string }
  isUSTaxPayer?: boolean
  hasUSIndicia?: boolean
  citizenship?: string[]
  birthCity?: string
  birthCountryCode?: string
  dateOfBirth?: string
  taxIds: { countryCode: string; taxId?: string; tinMissingReason?: string }[]
  taxResidencySelfCertificationDocumentId?: number
  taxResidencySelfCertificationDocumentUrl?: string
  taxResidencySelfCertificationDocumentStatus: string
  w8BenFormDocumentId?: number
  w8BenFormDocumentUrl?: string
  w8BenFormDocumentStatus: string
  w9FormDocumentId?: number
  w9FormDocumentUrl?: string
  w9FormDocumentStatus: string
  certificateOfLossOfNationalityDocumentStatus: string
  certificateOfLossOfNationalityDocumentUrl?: string
}

const gbResident = { isUSTaxPayer: false, taxIds: [{ countryCode: 'GB', taxId: 'QQ123456C' }] }

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let fatca: string
    beforeAll(async () => {
      server = await startServer(target)
      fatca = (await server.signIn('fatca@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    const get = async (token = fatca): Promise<Certification> => {
      const reply = await server.post('/rpc/fatcaCrsPersonalGet', {}, token)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body.certification as Certification
    }
    const update = (body: object, token = fatca) =>
      server.post('/rpc/fatcaCrsPersonalUpdate', body, token)
    const needsFatcaAction = async (token = fatca) => {
      const info = await server.post('/rpc/getCustomerInfo', {}, token)
      return (info.body.customer as { isNeedFatcaAction: boolean }).isNeedFatcaAction
    }

    it('shows the form prefilled from the records before anything is saved', async () => {
      const certification = await get()
      expect(certification).toMatchObject({
        name: 'Avery Stone',
        residenceAddress: { address1: '12 Harbour Row', city: 'Bristol', countryCode: 'GB' },
        citizenship: ['GB'],
        birthCity: 'Bristol',
        birthCountryCode: 'GB',
        dateOfBirth: '1988-02-03',
        taxResidencySelfCertificationDocumentStatus: 'none',
        w8BenFormDocumentStatus: 'none',
      })
      expect(certification.taxResidencySelfCertificationDocumentId).toBeUndefined()
      expect(certification.isUSTaxPayer).toBeUndefined()
    })

    it('saves the answers, produces the self-certification and the W-8BEN as PDFs, and ends the splash once signed', async () => {
      expect(await needsFatcaAction()).toBe(true)
      const reply = await update(gbResident)
      expect(reply.body.responseCode, reply.text).toBe('00')
      const saved = reply.body.certification as Certification
      expect(saved).toMatchObject({
        isUSTaxPayer: false,
        hasUSIndicia: false,
        taxIds: gbResident.taxIds,
        taxResidencySelfCertificationDocumentStatus: 'pending',
        w8BenFormDocumentStatus: 'none',
        w9FormDocumentStatus: 'notRequired',
        certificateOfLossOfNationalityDocumentStatus: 'notRequired',
      })
      expect(saved.w9FormDocumentId).toBeUndefined()
      // Links are made afresh on each read (their expiry moves); the documents are the same.
      expect(await get()).toMatchObject({
        ...saved,
        taxResidencySelfCertificationDocumentUrl: expect.any(String),
        w8BenFormDocumentUrl: expect.any(String),
      })

      const selfCertification = await openForm(
        server,
        saved.taxResidencySelfCertificationDocumentUrl!,
      )
      expect(selfCertification.document.getTitle()).toBe(
        'Tax Residency Self-Certification - Individual',
      )
      for (const line of [
        'Name: Avery Stone',
        'Date of birth: 1988-02-03',
        'Place of birth: Bristol, United Kingdom (GB)',
        'Citizenship: United Kingdom (GB)',
        'Permanent residence address: 12 Harbour Row, BS1 4RW Bristol, United Kingdom (GB)',
        'Tax residence 1: United Kingdom (GB), National Insurance number (NINO) QQ123456C; CRS reportable jurisdiction',
        'US citizen or resident for US tax purposes (US person): No',
        'US tax form: Form W-8BEN',
        'Declared electronically by: Avery Stone (fatca@nova.example)',
      ]) {
        expect(selfCertification.text).toContain(line)
      }
      const w8Ben = await openForm(server, saved.w8BenFormDocumentUrl!)
      expect(w8Ben.text).toContain('Substitute Form W-8BEN')
      expect(w8Ben.text).toContain('1 Name of individual who is the beneficial owner: Avery Stone')
      expect(w8Ben.text).toContain('8 Date of birth: 1988-02-03')
      expect(w8Ben.text).toContain('Not signed yet')

      // The W-8BEN still waits for its signature: the splash stays until it is signed.
      expect(await needsFatcaAction()).toBe(true)
      const signed = await server.post('/rpc/wFormUpload', { formTypes: ['w8Ben'] }, fatca)
      expect(signed.body.responseCode, signed.text).toBe('00')
      expect(await needsFatcaAction()).toBe(false)
      expect((await get()).w8BenFormDocumentStatus).toBe('pending')
    })

    it('gives a US taxpayer the W-9 with the US tax id', async () => {
      const reply = await update({
        isUSTaxPayer: true,
        citizenship: ['GB', 'US'],
        taxIds: [
          { countryCode: 'GB', taxId: 'QQ123456C' },
          { countryCode: 'US', taxId: '123-45-6789' },
        ],
      })
      expect(reply.body.responseCode, reply.text).toBe('00')
      const saved = reply.body.certification as Certification
      expect(saved).toMatchObject({
        hasUSIndicia: true,
        w9FormDocumentStatus: 'none',
        w8BenFormDocumentStatus: 'notRequired',
        taxResidencySelfCertificationDocumentStatus: 'pending',
      })
      expect(saved.w8BenFormDocumentId).toBeUndefined()
      const w9 = await openForm(server, saved.w9FormDocumentUrl!)
      expect(w9.text).toContain('Substitute Form W-9')
      expect(w9.text).toContain('1 Name (as shown on your income tax return): Avery Stone')
      expect(w9.text).toContain('Social security number or ITIN: 123-45-6789')
      expect(w9.text).toContain('3. I am a U.S. citizen or other U.S. person; and')
      expect(await needsFatcaAction()).toBe(true)
    })

    it('asks a person born in the US who is no US taxpayer for a certificate of loss of nationality', async () => {
      const reply = await update({ ...gbResident, birthCountryCode: 'US', birthCity: 'Boston' })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.certification).toMatchObject({
        birthCountryCode: 'US',
        hasUSIndicia: true,
        certificateOfLossOfNationalityDocumentStatus: 'none',
      })
    })

    const refusals: [string, { given: object; want: string[] }][] = [
      [
        'a US taxpayer without a US tax id',
        {
          given: {
            isUSTaxPayer: true,
            citizenship: ['US'],
            taxIds: [
              {
                countryCode: 'US',
                tinMissingReason: 'CANNOT_OBTAIN',
                tinMissingExplanation: 'Applied',
              },
            ],
          },
          want: ['taxIds.0.tinMissingReason'],
        },
      ],
      [
        'a US tax id that is not nine digits',
        {
          given: {
            isUSTaxPayer: true,
            citizenship: ['US'],
            taxIds: [{ countryCode: 'US', taxId: '12345' }],
          },
          want: ['taxIds.0.taxId'],
        },
      ],
      [
        'a US tax residency of someone who is no US taxpayer',
        {
          given: { isUSTaxPayer: false, taxIds: [{ countryCode: 'US', taxId: '123456789' }] },
          want: ['isUSTaxPayer'],
        },
      ],
      [
        'a US citizen who is no US taxpayer',
        { given: { ...gbResident, citizenship: ['GB', 'US'] }, want: ['isUSTaxPayer'] },
      ],
      [
        'US indicia denied by someone born in the US',
        {
          given: { ...gbResident, birthCountryCode: 'US', hasUSIndicia: false },
          want: ['hasUSIndicia'],
        },
      ],
      [
        'a country of tax residence listed twice',
        {
          given: {
            isUSTaxPayer: false,
            taxIds: [...gbResident.taxIds, { countryCode: 'GB', taxId: 'AB1' }],
          },
          want: ['taxIds.1.countryCode'],
        },
      ],
      [
        'a country that is not in the list',
        {
          given: {
            isUSTaxPayer: false,
            citizenship: ['XX'],
            taxIds: [{ countryCode: 'ZZ', taxId: 'A1' }],
          },
          want: ['citizenship.0', 'taxIds.0.countryCode'],
        },
      ],
      [
        'a missing tax id the country does issue and require',
        {
          given: {
            isUSTaxPayer: false,
            taxIds: [{ countryCode: 'GB', tinMissingReason: 'COUNTRY_DOES_NOT_ISSUE' }],
          },
          want: ['taxIds.0.tinMissingReason'],
        },
      ],
      [
        'a date of birth in the future',
        { given: { ...gbResident, dateOfBirth: '2999-01-01' }, want: ['dateOfBirth'] },
      ],
    ]

    it.each(refusals)(
      'refuses %s with VF naming the field, changing nothing',
      async (_, { given, want }) => {
        const before = await get()
        const reply = await update(given)
        expect(reply.body.responseCode, reply.text).toBe('VF')
        expect(failedParameters(reply)).toEqual(want)
        expect(await get()).toEqual({
          ...before,
          // Links are made afresh on each read; the documents they lead to are the same.
          ...(before.taxResidencySelfCertificationDocumentUrl
            ? { taxResidencySelfCertificationDocumentUrl: expect.any(String) }
            : {}),
          ...(before.w8BenFormDocumentUrl ? { w8BenFormDocumentUrl: expect.any(String) } : {}),
          ...(before.w9FormDocumentUrl ? { w9FormDocumentUrl: expect.any(String) } : {}),
          ...(before.certificateOfLossOfNationalityDocumentUrl
            ? { certificateOfLossOfNationalityDocumentUrl: expect.any(String) }
            : {}),
        })
      },
    )

    it('accepts CANNOT_OBTAIN with its explanation where the country requires a tax id', async () => {
      const reply = await update({
        isUSTaxPayer: false,
        taxIds: [
          {
            countryCode: 'GB',
            tinMissingReason: 'CANNOT_OBTAIN',
            tinMissingExplanation: '  Applied,   not yet issued ',
          },
        ],
      })
      expect(reply.body.responseCode, reply.text).toBe('00')
      const saved = reply.body.certification as Certification
      expect(saved.taxIds).toEqual([
        {
          countryCode: 'GB',
          tinMissingReason: 'CANNOT_OBTAIN',
          tinMissingExplanation: 'Applied, not yet issued',
        },
      ])
      const form = await openForm(server, saved.taxResidencySelfCertificationDocumentUrl!)
      expect(form.text).toContain(
        'United Kingdom (GB), no tax id: unable to obtain a tax identification number (Applied, not yet issued)',
      )
    })

    it('asks for what the profile does not hold', async () => {
      const employee = (await server.signIn('employee@nova.example')).accessToken
      const reply = await update(gbResident, employee)
      expect(reply.body.responseCode, reply.text).toBe('VF')
      expect(failedParameters(reply)).toEqual([
        'citizenship',
        'birthCity',
        'birthCountryCode',
        'dateOfBirth',
        'residenceAddress',
      ])
      expect((await get(employee)).taxResidencySelfCertificationDocumentStatus).toBe('none')
    })

    it('is for personal customers, and only for the customer acting', async () => {
      const business = (await server.signIn('business@nova.example')).accessToken
      const reply = await update(gbResident, business)
      expect(reply.body.responseCode).toBe('13')
      const demo = await server.post(
        '/rpc/getCustomerInfo',
        {},
        (await server.signIn('demo@nova.example')).accessToken,
      )
      const foreign = await server.post(
        '/rpc/fatcaCrsPersonalGet',
        { fromCustomerId: (demo.body.customer as { customerId: number }).customerId },
        fatca,
      )
      expect(foreign.body.responseCode).toBe('13')
      expect(foreign.body.certification).toBeUndefined()
    })
  })
}
