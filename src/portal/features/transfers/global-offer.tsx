// The way to a global payment from the external transfer page (issue 16): a customer who looks
// for a transfer abroad but knows only the recipient's e-mail finds it next to wire, EFT and
// card. Shown to whom the menu entry is (page-menu.ts: the sendMoneyGlobalTransfer flag of
// product-spec section 6, and a right that sends).
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Anchor, Text } from '@mantine/core'
import { useViewer } from '../../app/viewer.ts'
import { mayOpenMenuPage } from '../../app/menu-page-access.ts'
import { globalSendPath } from './global-send.ts'

export function GlobalPaymentOffer() {
  const { t } = useTranslation('global-send')
  const viewer = useViewer()
  if (!mayOpenMenuPage('transferGlobal', viewer)) return null
  return (
    <Text size="sm" data-testid="global-offer">
      {t('offer.text')}{' '}
      <Anchor component={Link} to={globalSendPath}>
        {t('offer.link')}
      </Anchor>
    </Text>
  )
}
