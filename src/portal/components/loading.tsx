// A loader that says what it is: Mantine's Loader is a plain span, on which axe forbids a name
// (aria-prohibited-attr); as a status it is named and announced politely.
import { Loader, type LoaderProps } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export function Loading({ label, ...props }: LoaderProps & { label?: string }) {
  const { t } = useTranslation('common')
  return <Loader role="status" aria-label={label ?? t('loading')} {...props} />
}
