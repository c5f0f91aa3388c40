// @vitest-environment jsdom
// A resource table's cells by their column's format: an amount in the reader's language with
// the row's currency, and a verbatim value (a browser's or a person's name) marked as not
// words of the page's language (translate=no), so it is neither translated nor mistaken for
// an untranslated word (issue 16).
import { describe, expect, test } from 'vitest'
import { render, screen } from '@testing-library/react'
import { MantineProvider } from '@mantine/core'
import { ResourceTable } from '../../../../src/portal/renderer/resource-table.tsx'
import type { ScreenDescription } from '../../../../src/portal/renderer/screens-data.ts'
import { rendererEnvironment } from './renderer-environment.ts'

rendererEnvironment()

const signIns: ScreenDescription = {
  id: 'signIns',
  route: '/sign-ins',
  menu: 'none',
  access: 'user',
  kind: 'resource',
  list: {
    operation: 'loginHistoryList',
    items: 'history',
    columns: [
      { field: 'browser', format: 'verbatim' },
      { field: 'note' },
      { field: 'amount', format: 'amount' },
    ],
  },
}

describe('resource table cells', () => {
  test('a verbatim value is marked translate=no, a text is not; an amount has its currency', () => {
    render(
      <MantineProvider>
        <ResourceTable
          screen={signIns}
          rows={[{ browser: 'Chrome 150', note: 'first', amount: '15400.5', currencyCode: 'USD' }]}
        />
      </MantineProvider>,
    )
    expect(screen.getByText('Chrome 150').closest('[translate="no"]')).not.toBeNull()
    expect(screen.getByText('first').closest('[translate="no"]')).toBeNull()
    expect(screen.getByText('$15,400.50')).toBeTruthy()
  })
})
