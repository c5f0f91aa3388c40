// The frame of the recipient page: a banner with the brand's logo and the language choice,
// then the page's main landmark with its heading. The page is wider than the other public
// pages (a form and a review) and reads as one column on a phone.
import type { ReactNode } from 'react'
import { Box, Container, Group, Image, Stack, Title } from '@mantine/core'
import { useBrand } from '../../brand/brand-context.tsx'
import { logoUrl } from '../../brand/resolve-brand.ts'
import { LanguageSelect } from '../../components/language-select.tsx'

export function ReceiveShell({ title, children }: { title: string; children: ReactNode }) {
  const brand = useBrand()
  return (
    <>
      <Box
        component="header"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="space-between" align="flex-end" wrap="nowrap" maw={640} mx="auto" px="md">
          <Image src={logoUrl(brand)} alt={brand.projectName} h={32} w="auto" fit="contain" />
          <LanguageSelect />
        </Group>
      </Box>
      <Container component="main" size={640} px="md" py="lg">
        <Stack gap="lg">
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
        </Stack>
      </Container>
    </>
  )
}
