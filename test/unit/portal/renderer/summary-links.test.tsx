// @vitest-environment jsdom
// What a settings screen shows of its answer besides the form (schemas/screen.schema.json,
// summary and when): a status from a shared list of words (options), a form's PDF as a link
// that opens in a new tab, nothing for a value the answer lacks, and the form only while the
// answer meets the screen's conditions (a W-form waiting for its signature).
import { describe, expect, test } from 'vitest'
import i18next from 'i18next'
import { render, screen } from '@testing-library/react'
import { MantineProvider } from '@mantine/core'
import { AnswerSummary, summaryShown } from '../../../../src/portal/renderer/answer-summary.tsx'
import { shownOn } from '../../../../src/portal/renderer/resource-data.ts'
import { rendererEnvironment } from './renderer-environment.ts'

rendererEnvironment()

const fields = [
  {
    field: 'certification.w9FormDocumentStatus',
    format: 'enum' as const,
    options: 'fatcaDocumentStatus',
  },
  { field: 'certification.w9FormDocumentUrl', format: 'link' as const },
  { field: 'certification.name' },
]

describe('a summary', () => {
  test('shows a status in the words of a shared list, and a PDF as a link', () => {
    render(
      <MantineProvider>
        <AnswerSummary
          screenId="signW9"
          fields={fields}
          values={{
            'certification.w9FormDocumentStatus': 'pending',
            'certification.w9FormDocumentUrl': '/pdf/api/files/abc',
            'certification.name': null,
          }}
        />
      </MantineProvider>,
    )
    const link = screen.getByRole('link', {
      name: 'screens:signW9.summary.certification.w9FormDocumentUrl',
    })
    expect(link.getAttribute('href')).toBe('/pdf/api/files/abc')
    expect(link.getAttribute('target')).toBe('_blank')
    expect(link.getAttribute('rel')).toContain('noopener')
    expect(screen.getByTestId('summary-certification.w9FormDocumentStatus').textContent).toBe(
      'screens:signW9.summary.certification.w9FormDocumentStatus',
    )
    expect(screen.queryByTestId('summary-certification.name')).toBeNull()
    const t = i18next.t.bind(i18next)
    expect(
      summaryShown(t, 'certification.w9FormDocumentStatus', 'enum', 'pending', {
        options: 'fatcaDocumentStatus',
      }),
    ).toBe('forms:options.fatcaDocumentStatus.pending')
    expect(summaryShown(t, 'answer.statusId', 'enum', 2)).toBe('forms:options.statusId.2')
  })

  test("a screen's form shows only while every condition holds on the answer", () => {
    const when = [
      { field: 'certification.w9FormDocumentUrl', filled: true },
      { field: 'certification.w9FormDocumentStatus', in: ['none', 'rejected'] },
    ]
    const answer = (status: string, url?: string) => ({
      certification: { w9FormDocumentStatus: status, ...(url && { w9FormDocumentUrl: url }) },
    })
    expect(shownOn(when, answer('none', '/pdf/a'))).toBe(true)
    expect(shownOn(when, answer('rejected', '/pdf/a'))).toBe(true)
    expect(shownOn(when, answer('pending', '/pdf/a'))).toBe(false)
    expect(shownOn(when, answer('none'))).toBe(false)
    expect(shownOn(undefined, answer('pending'))).toBe(true)
  })
})
