// The popup of ?emailConfirmation=success|fail, with the texts of product-spec section 2.
import { useTranslation } from 'react-i18next'
import { Button, Modal, Stack, Text } from '@mantine/core'

export default function EmailConfirmationPopup({
  result,
  onClose,
}: {
  result: 'success' | 'fail'
  onClose(): void
}) {
  const { t } = useTranslation('common')
  return (
    <Modal opened onClose={onClose} title={t('emailConfirmation.title')} centered>
      <Stack>
        <Text role={result === 'fail' ? 'alert' : 'status'}>
          {t(result === 'success' ? 'emailConfirmation.success' : 'emailConfirmation.fail')}
        </Text>
        <Button onClick={onClose}>{t('close')}</Button>
      </Stack>
    </Modal>
  )
}
