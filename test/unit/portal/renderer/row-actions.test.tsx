// @vitest-environment jsdom
// The renderer's row actions and summaries (spec/screens, schemas/screen.schema.json): an
// action shows on the rows its conditions admit, one with a form opens it with the row, the
// form an editing opens is the create, edit or action form, summaries read dotted fields and
// show options in words, and a dictionary choice shared by several options stays as picked.
import { describe, expect, test, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { MantineProvider } from '@mantine/core'
import type { ReactNode } from 'react'
import type { WidgetProps } from '@rjsf/utils'
import { RowActions } from '../../../../src/portal/renderer/resource-row-actions.tsx'
import { formOf, mapped, shownOn } from '../../../../src/portal/renderer/resource-data.ts'
import { actsForOf } from '../../../../src/portal/renderer/acts-for.ts'
import { dispositionFileName } from '../../../../src/portal/renderer/call-operation.ts'
import { summaryShown, summaryValues } from '../../../../src/portal/renderer/answer-summary.tsx'
import { ChoiceWidget } from '../../../../src/portal/renderer/theme/widgets.tsx'
import type { ScreenDescription } from '../../../../src/portal/renderer/screens-data.ts'
import { rendererEnvironment } from './renderer-environment.ts'

rendererEnvironment()

const wrap = (node: ReactNode) =>
  render(
    <MantineProvider>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  )

const phones: ScreenDescription = {
  id: 'phones',
  route: '/phones',
  menu: 'none',
  access: 'user',
  kind: 'resource',
  list: { operation: 'phoneList', items: 'phones', columns: [{ field: 'number' }] },
  create: { operation: 'phoneAdd' },
  delete: {
    operation: 'phoneDelete',
    from: { phoneId: 'id' },
    when: [{ field: 'primary', equals: false }],
  },
  actions: [
    {
      id: 'confirm',
      operation: 'phoneConfirm',
      from: { phoneId: 'id' },
      form: true,
      when: [{ field: 'confirmed', equals: false }],
    },
    {
      id: 'makePrimary',
      operation: 'phoneUpdate',
      from: { number: 'number' },
      when: [
        { field: 'confirmed', equals: true },
        { field: 'primary', equals: false },
      ],
    },
  ],
}

const handlers = () => ({
  onEdit: vi.fn(),
  onForm: vi.fn(),
  onRun: vi.fn(),
  onConfirm: vi.fn(),
  onView: vi.fn(),
})

describe('row actions', () => {
  test('show on the rows every condition admits', () => {
    expect(shownOn(undefined, {})).toBe(true)
    const when = phones.actions![1]!.when
    expect(shownOn(when, { confirmed: true, primary: false })).toBe(true)
    expect(shownOn(when, { confirmed: true, primary: true })).toBe(false)
    expect(shownOn(when, { confirmed: false, primary: false })).toBe(false)
    expect(shownOn([{ field: 'owner.name', filled: true }], { owner: { name: 'A' } })).toBe(true)
  })

  test('an unconfirmed secondary phone offers its code form and delete, not make primary', () => {
    const h = handlers()
    const row = { id: 7, number: '7700900555', confirmed: false, primary: false }
    wrap(<RowActions screen={phones} row={row} handlers={h} />)
    const names = screen.getAllByRole('button').map((button) => button.textContent)
    expect(names).toEqual(['screens:phones.actions.confirm', 'screens:delete'])
    fireEvent.click(screen.getByText('screens:phones.actions.confirm'))
    expect(h.onForm).toHaveBeenCalledWith('confirm', row)
    expect(h.onRun).not.toHaveBeenCalled()
  })

  test('a confirmed primary phone offers nothing; a confirmed secondary one makes primary', () => {
    wrap(
      <RowActions
        screen={phones}
        row={{ id: 1, confirmed: true, primary: true }}
        handlers={handlers()}
      />,
    )
    expect(screen.queryAllByRole('button')).toEqual([])
    cleanup()
    const h = handlers()
    wrap(
      <RowActions
        screen={phones}
        row={{ id: 2, number: '7700900556', confirmed: true, primary: false }}
        handlers={h}
      />,
    )
    fireEvent.click(screen.getByText('screens:phones.actions.makePrimary'))
    expect(h.onRun).toHaveBeenCalledWith('phoneUpdate', { number: '7700900556' }, undefined)
  })
})

// An administrator's review rows (spec/screens/admin-customer-files.yaml): the file is an
// object of the row, so actions read dotted fields; confirm sends a fixed decision with the
// row's id; view hands the file's request to the screen, which shows the answer.
const files: ScreenDescription = {
  id: 'files',
  route: '/files',
  menu: 'none',
  access: 'admin',
  actsFor: 'customerId',
  kind: 'resource',
  list: { operation: 'fileList', items: 'files', columns: [{ field: 'document.statusId' }] },
  actions: [
    {
      id: 'view',
      operation: 'fileGet',
      from: { uploadedDocumentId: 'document.id' },
      view: true,
      when: [{ field: 'hasFile', equals: true }],
    },
    {
      id: 'confirmFile',
      operation: 'fileDecide',
      from: { uploadedDocumentId: 'document.id' },
      fixed: { decision: 'confirm' },
      confirm: true,
      when: [{ field: 'document.statusId', in: [0, 31, 41] }],
    },
  ],
}

describe('actions on rows holding objects', () => {
  test('map dotted fields of the row', () => {
    expect(mapped({ document: { id: 9 } }, { uploadedDocumentId: 'document.id' })).toEqual({
      uploadedDocumentId: 9,
    })
    expect(mapped({}, { uploadedDocumentId: 'document.id' })).toEqual({ uploadedDocumentId: null })
  })

  test('view hands over the request; confirm asks, then sends the fixed values too', () => {
    const h = handlers()
    wrap(
      <RowActions
        screen={files}
        row={{ hasFile: true, document: { id: 9, statusId: 41 } }}
        handlers={h}
      />,
    )
    fireEvent.click(screen.getByText('screens:files.actions.view'))
    expect(h.onView).toHaveBeenCalledWith('view', 'fileGet', { uploadedDocumentId: 9 })
    expect(h.onRun).not.toHaveBeenCalled()
    fireEvent.click(screen.getByText('screens:files.actions.confirmFile'))
    expect(h.onConfirm).toHaveBeenCalledWith(
      'screens:files.actions.confirmFileConfirm',
      expect.any(Function),
    )
    void (h.onConfirm.mock.calls[0]![1] as () => Promise<void>)()
    expect(h.onRun).toHaveBeenCalledWith(
      'fileDecide',
      { decision: 'confirm', uploadedDocumentId: 9 },
      undefined,
    )
  })

  test('a decided file or one without stored bytes offers neither', () => {
    wrap(
      <RowActions
        screen={files}
        row={{ hasFile: false, document: { id: 9, statusId: 2 } }}
        handlers={handlers()}
      />,
    )
    expect(screen.queryAllByRole('button')).toEqual([])
  })
})

describe('the customer a screen acts for', () => {
  test('is read from the address parameter its actsFor names', () => {
    expect(actsForOf(files, '?customerId=42')).toEqual({ customerId: 42 })
    expect(actsForOf(files, '?customerId=0')).toEqual({ customerId: undefined })
    expect(actsForOf(files, '?customerId=4x')).toEqual({ customerId: undefined })
    expect(actsForOf(files, '?customerId=99999999999')).toEqual({ customerId: undefined })
    expect(actsForOf(files, '')).toEqual({ customerId: undefined })
    expect(actsForOf(phones, '?customerId=42')).toBeNull()
  })

  test('a file answer keeps the name its content-disposition gives', () => {
    expect(dispositionFileName('inline; filename="passport.pdf"')).toBe('passport.pdf')
    expect(dispositionFileName('inline; filename=bill.png')).toBe('bill.png')
    expect(dispositionFileName(null)).toBeUndefined()
  })
})

describe('the form an editing opens', () => {
  test('a row action form: its key, its operation and the row mapping, no initial values', () => {
    const row = { id: 7, number: '7700900555' }
    expect(formOf(phones, { action: 'action', actionId: 'confirm', row })).toEqual({
      key: 'phones.actions.confirm',
      action: { operation: 'phoneConfirm', from: { phoneId: 'id' } },
      title: 'screens:phones.actions.confirm',
    })
    expect(formOf(phones, { action: 'action', actionId: 'makePrimary', row })).toBeUndefined()
  })

  test('create starts empty; edit starts from the row', () => {
    expect(formOf(phones, { action: 'create' })?.initial).toBeUndefined()
    const edit = formOf(
      { ...phones, edit: { operation: 'phoneEdit' } },
      { action: 'edit', row: { id: 3 } },
    )
    expect(edit).toMatchObject({ key: 'phones.edit', initial: { id: 3 } })
  })
})

describe('summaries', () => {
  const t = ((key: string, options?: { defaultValue?: string }) =>
    key === 'forms:options.verificationState.checked'
      ? 'Checked'
      : (options?.defaultValue ?? key)) as never

  test('read dotted fields; a missing one is null', () => {
    const body = { profile: { login: 'a@b.example', status: { verificationState: 'checked' } } }
    expect(
      summaryValues(body, [
        { field: 'profile.login' },
        { field: 'profile.status.verificationState', format: 'enum' },
        { field: 'profile.taxId' },
      ]),
    ).toEqual({
      'profile.login': 'a@b.example',
      'profile.status.verificationState': 'checked',
      'profile.taxId': null,
    })
  })

  test('show an option in words by the last part of its field, money with its currency', () => {
    expect(summaryShown(t, 'profile.status.verificationState', 'enum', 'checked')).toBe('Checked')
    expect(summaryShown(t, 'fee', 'money', { amount: '2.5', currencyCode: 'EUR' })).toMatch(
      /^€2\.50$/,
    )
    expect(summaryShown(t, 'count', 'text', 0)).toBe('0')
  })
})

describe('a dictionary choice', () => {
  test('keeps the option picked among those sharing its value', () => {
    const choices = [
      { value: '44', label: 'Guernsey' },
      { value: '44', label: 'United Kingdom' },
      { value: '40', label: 'Romania' },
    ]
    let value: unknown
    const props = (current: unknown) =>
      ({
        id: 'root_countryCode',
        name: 'countryCode',
        label: 'Country calling code',
        value: current,
        required: true,
        disabled: false,
        readonly: false,
        autofocus: false,
        rawErrors: [],
        options: { choices },
        schema: { type: 'string' },
        onChange: (next: unknown) => {
          value = next
        },
        onBlur: () => {},
        onFocus: () => {},
      }) as unknown as WidgetProps
    const { rerender } = wrap(<ChoiceWidget {...props(undefined)} />)
    const select = screen.getByLabelText(/Country calling code/) as HTMLSelectElement
    fireEvent.change(select, { target: { value: '1' } })
    expect(value).toBe('44')
    rerender(
      <MantineProvider>
        <MemoryRouter>
          <ChoiceWidget {...props(value)} />
        </MemoryRouter>
      </MantineProvider>,
    )
    expect(select.selectedOptions[0]?.textContent).toBe('United Kingdom')
  })
})
