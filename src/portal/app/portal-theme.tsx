// The brand's Mantine theme with the close buttons named in the page's language; made again
// only when the language changes.
import { useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { MantineProvider } from '@mantine/core'
import type { Brand } from '../brand/resolve-brand.ts'
import { cssVariablesResolver, themeFor } from './theme.ts'

export function PortalTheme({ brand, children }: { brand: Brand; children: ReactNode }) {
  const { t } = useTranslation('common')
  const dialog = t('closeDialog')
  const message = t('dismissMessage')
  const theme = useMemo(() => themeFor(brand, { dialog, message }), [brand, dialog, message])
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  )
}
