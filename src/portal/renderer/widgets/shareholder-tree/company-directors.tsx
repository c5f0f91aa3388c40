// A shareholder company's directors (companyList[].directors, person ids): a company needs at
// least one (product-spec section 5, Shareholders). Existing persons are picked from the list;
// a new one is made with the person form.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Group, NativeSelect, Stack, Text } from '@mantine/core'
import { TreeWarning } from './node-errors.tsx'
import { useTreeActions, useTreeData } from './tree-context.ts'

const newPerson = 'new'

export function CompanyDirectors(props: { companyId: number; companyName: string }) {
  const { t } = useTranslation('registration-tree')
  const view = useTreeData()
  const actions = useTreeActions()
  const [choice, setChoice] = useState('')
  const company = view.companies.get(props.companyId)
  const directors = (Array.isArray(company?.directors) ? company.directors : []).filter(
    (id): id is number => typeof id === 'number',
  )
  const candidates = [...view.persons.values()].filter((person) => !directors.includes(person.id))
  const add = () => {
    if (choice === newPerson)
      actions.open({ kind: 'entity', entity: 'person', directorOf: props.companyId })
    else if (choice) actions.setDirectors(props.companyId, [...directors, Number(choice)])
    setChoice('')
  }
  return (
    <Stack gap={4} mt="xs" data-testid="company-directors">
      <Text size="sm" fw={500}>
        {t('tree.directors')}
      </Text>
      {directors.length === 0 && <TreeWarning>{t('tree.noDirector')}</TreeWarning>}
      {directors.map((id) => (
        <Group key={id} gap="xs" wrap="nowrap">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {view.nameOf('person', id)}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            color="red"
            aria-label={t('tree.removeDirector', { name: view.nameOf('person', id) })}
            onClick={() =>
              actions.setDirectors(
                props.companyId,
                directors.filter((director) => director !== id),
              )
            }
          >
            {t('tree.remove')}
          </Button>
        </Group>
      ))}
      <Group align="flex-end" gap="xs" wrap="wrap">
        <NativeSelect
          label={t('tree.addDirectorOf', { name: props.companyName })}
          value={choice}
          onChange={(event) => setChoice(event.currentTarget.value)}
          data={[
            { value: '', label: t('tree.choose') },
            ...candidates.map((person) => ({
              value: String(person.id),
              label: view.nameOf('person', person.id),
            })),
            { value: newPerson, label: t('tree.newPerson') },
          ]}
          style={{ flex: '1 1 12rem' }}
        />
        <Button variant="default" onClick={add} disabled={choice === ''}>
          {t('tree.addDirector')}
        </Button>
      </Group>
    </Stack>
  )
}
