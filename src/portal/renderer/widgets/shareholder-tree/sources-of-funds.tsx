// A shareholder's sources of funds (personList[].sourcesOfFunds), asked where the brand has
// source of wealth on and the person holds more than 25 % effectively: at least one source and
// details for each (product-spec section 5, Shareholders; registration-rules.ts). The wizard's
// person form leaves them out (spec/screens/register-business.yaml): they are asked here,
// next to the share that makes them needed.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox, Stack, Textarea } from '@mantine/core'
import { useDebouncedCallback } from '@mantine/hooks'
import type { Json } from '../../screens-data.ts'
import type { NodeError } from './error-paths.ts'
import { useTreeActions, useTreeData } from './tree-context.ts'
import type { Entity } from './tree-model.ts'
import { useSourceChoices } from './use-source-choices.ts'

interface Source {
  sourceId: number
  details?: string
}

const sourcesOf = (person: Entity | undefined): Source[] =>
  Array.isArray(person?.sourcesOfFunds) ? (person.sourcesOfFunds as unknown as Source[]) : []

/** The person with these sources of funds. */
const withSources = (person: Entity, sources: Source[]): Entity => ({
  ...person,
  sourcesOfFunds: sources as unknown as Json,
})

/** The errors of the node that this part shows, by their field under the node. */
export const isSourceError = (error: NodeError) => error.field.startsWith('sourcesOfFunds')

export function SourcesOfFunds(props: {
  personId: number
  errors: readonly NodeError[] | undefined
}) {
  const { t } = useTranslation('registration-tree')
  const view = useTreeData()
  const actions = useTreeActions()
  const choices = useSourceChoices(view.operationId)
  const chosen = sourcesOf(view.persons.get(props.personId))
  const errorAt = (field: string) =>
    props.errors?.find((error) => error.field === field)?.description
  const choose = (values: string[]) =>
    actions.changePerson(props.personId, (person) => {
      const before = sourcesOf(person)
      const ids = values.map(Number)
      const kept = ids.map(
        (id) => before.find((source) => source.sourceId === id) ?? { sourceId: id },
      )
      return withSources(person, kept)
    })
  const setDetails = (sourceId: number, details: string) =>
    actions.changePerson(props.personId, (person) =>
      withSources(
        person,
        sourcesOf(person).map((source) => {
          if (source.sourceId !== sourceId) return source
          const { details: _old, ...rest } = source
          return details.trim() ? { ...rest, details } : rest
        }),
      ),
    )
  const nameOf = (id: number) => choices.find((choice) => choice.id === id)?.name ?? String(id)
  return (
    <Stack gap="xs" mt="xs" data-testid="sources-of-funds">
      <Checkbox.Group
        label={t('tree.sources')}
        value={chosen.map((source) => String(source.sourceId))}
        onChange={choose}
        error={errorAt('sourcesOfFunds')}
      >
        <Stack gap={4} mt={4}>
          {choices.map((choice) => (
            <Checkbox key={choice.id} value={String(choice.id)} label={choice.name} />
          ))}
        </Stack>
      </Checkbox.Group>
      {chosen.map((source, index) => (
        <DetailsInput
          key={source.sourceId}
          label={t('tree.sourceDetails', { source: nameOf(source.sourceId) })}
          value={source.details ?? ''}
          error={errorAt(`sourcesOfFunds.${index}.details`)}
          onCommit={(details) => setDetails(source.sourceId, details)}
        />
      ))}
    </Stack>
  )
}

/** A source's details: typing stays in the input; the draft gets them after a pause or on blur. */
function DetailsInput(props: {
  label: string
  value: string
  error: string | undefined
  onCommit(details: string): void
}) {
  const [text, setText] = useState(props.value)
  const [shown, setShown] = useState(props.value)
  if (shown !== props.value) {
    setShown(props.value)
    setText(props.value)
  }
  const commit = useDebouncedCallback(props.onCommit, { delay: 400, flushOnUnmount: true })
  return (
    <Textarea
      label={props.label}
      value={text}
      error={props.error}
      maxLength={1000}
      autosize
      minRows={2}
      onChange={(event) => {
        setText(event.currentTarget.value)
        commit(event.currentTarget.value)
      }}
      onBlur={() => commit.flush()}
    />
  )
}
