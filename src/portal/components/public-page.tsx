// The frame of the public pages (activation, account recovery, registration choice, terms, an
// identity check's run page): the brand's logo, a title, the content and the language choice,
// like the login page.
import type { ReactNode } from 'react'
import { Center, Image, Paper, Stack, Title } from '@mantine/core'
import { useBrand } from '../brand/brand-context.tsx'
import { logoUrl } from '../brand/resolve-brand.ts'
import { LanguageSelect } from './language-select.tsx'

export function PublicPage({ title, children }: { title: string; children: ReactNode }) {
  const brand = useBrand()
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={480}>
        <Stack>
          <Image src={logoUrl(brand)} alt={brand.projectName} h={40} w="auto" fit="contain" />
          <Title order={1} size="h2">
            {title}
          </Title>
          {children}
          <LanguageSelect />
        </Stack>
      </Paper>
    </Center>
  )
}
