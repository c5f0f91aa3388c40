// @vitest-environment jsdom
// A field shown only on a condition keeps what it holds while hidden: a list prefilled by the
// server (a company's owner as its controlling person) shows again, filled, when the person
// ticks the box that calls for it, however often the form was given its data again before
// (choices arriving late re-give it). What is hidden is never told to the host nor sent.
import { expect, test, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { BrandContext } from '../../../../src/portal/brand/brand-context.tsx'
import { SchemaForm, type RuntimeForm } from '../../../../src/portal/renderer/schema-form.tsx'
import type { Json } from '../../../../src/portal/renderer/screens-data.ts'
import { rendererEnvironment } from './renderer-environment.ts'

rendererEnvironment()

const form: RuntimeForm = {
  schema: {
    type: 'object',
    properties: {
      // A default rjsf derives makes it report a change while it mounts, as the real forms do.
      country: { type: 'string', default: 'GB' },
      passive: { type: 'boolean' },
      persons: {
        type: 'array',
        items: {
          type: 'object',
          properties: { firstName: { type: 'string' } },
          required: ['firstName'],
        },
      },
    },
  },
  titles: { country: 'Country', passive: 'Mainly passive income', firstName: 'First name' },
  order: ['country', 'passive', 'persons'],
}

const queryClient = new QueryClient()
// rjsf names each input by its path (root_persons_0_firstName).
const firstNameField = () => document.querySelector<HTMLInputElement>('#root_persons_0_firstName')

function Host(props: {
  extraChoices: Record<string, never[]>
  onChange(data: Record<string, Json>): void
  onSubmit(data: Record<string, Json>): void
}) {
  return (
    <MantineProvider>
      <BrandContext.Provider value={{ id: 'main' } as never}>
        <QueryClientProvider client={queryClient}>
          <SchemaForm
            formKey="test.hidden"
            operationId="test"
            runtime={form}
            initial={{ persons: [{ firstName: 'Riley' }] }}
            visibleWhen={{ persons: { field: 'passive', equals: true } }}
            submitLabel="Save"
            extraChoices={props.extraChoices}
            onChange={props.onChange}
            onSubmit={props.onSubmit}
          />
        </QueryClientProvider>
      </BrandContext.Provider>
    </MantineProvider>
  )
}

test('a prefilled list hidden at first shows filled once its condition holds', async () => {
  const onChange = vi.fn()
  const onSubmit = vi.fn()
  const view = render(<Host extraChoices={{}} onChange={onChange} onSubmit={onSubmit} />)
  // What rjsf derived while mounting reaches the host without the hidden list.
  await waitFor(() => expect(onChange).toHaveBeenCalled())
  expect(onChange.mock.lastCall![0]).toEqual({ country: 'GB' })
  expect(firstNameField()).toBeNull()
  // The form is given its data again (options arriving late) before the box is ticked.
  view.rerender(<Host extraChoices={{ other: [] }} onChange={onChange} onSubmit={onSubmit} />)

  fireEvent.click(document.querySelector<HTMLInputElement>('#root_passive')!)
  const firstName = await waitFor(() => {
    const field = firstNameField()
    expect(field).not.toBeNull()
    return field!
  })
  expect(firstName.value).toBe('Riley')
  expect(onChange.mock.lastCall![0]).toEqual({
    country: 'GB',
    passive: true,
    persons: [{ firstName: 'Riley' }],
  })
})

test('what is hidden when the form is sent is left out of it', async () => {
  const onSubmit = vi.fn()
  render(<Host extraChoices={{}} onChange={() => {}} onSubmit={onSubmit} />)
  const passive = document.querySelector<HTMLInputElement>('#root_passive')!
  fireEvent.click(passive)
  await waitFor(() => expect(firstNameField()).not.toBeNull())
  fireEvent.click(passive)
  await waitFor(() => expect(firstNameField()).toBeNull())
  fireEvent.click(screen.getByRole('button', { name: 'Save' }))
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1))
  expect(onSubmit.mock.lastCall![0]).toEqual({ country: 'GB', passive: false })
})
