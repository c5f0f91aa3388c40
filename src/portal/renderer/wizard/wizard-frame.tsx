// The frame of a wizard: the brand's logo, the title, the content and the language choice,
// as on the other public pages, wide enough for a form beside its stepper; and the
// completion message shown after a successful submit.
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Center, Group, Image, Modal, Paper, Stack, Text, Title } from '@mantine/core'
import { useBrand } from '../../brand/brand-context.tsx'
import { logoUrl } from '../../brand/resolve-brand.ts'
import { LanguageSelect } from '../../components/language-select.tsx'

export function WizardFrame({ title, children }: { title: string; children: ReactNode }) {
  const brand = useBrand()
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={960}>
        <Stack>
          <Group justify="space-between">
            <Image src={logoUrl(brand)} alt={brand.projectName} h={40} w="auto" fit="contain" />
            <LanguageSelect compact />
          </Group>
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  )
}

/** The completion message; closing it leaves the wizard (product-spec section 4). */
export function DonePopup({ screenId, onClose }: { screenId: string; onClose(): void }) {
  const { t } = useTranslation(['registration', 'screens'])
  return (
    <Modal opened onClose={onClose} title={t('registration:done.title')} centered>
      <Text data-testid="registration-done">
        {t([`screens:${screenId}.done`, 'registration:done.text'])}
      </Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose}>{t('registration:done.ok')}</Button>
      </Group>
    </Modal>
  )
}
