// A wizard screen (screen.schema.json, kind wizard): a stepper over the sections, each a
// form, a hub of persons or a widget; Next checks the section, Back returns; the draft is
// kept in the browser on every change and can be cleared; submit checks every section and
// sends only when all pass (product-spec sections 2 and 4). Only where the brand's flag
// (allowRegistration) is on; elsewhere the login page shows.
import { useMemo, useState } from 'react'
import { Navigate, useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, Group, Stepper } from '@mantine/core'
import { useBrand } from '../../brand/brand-context.tsx'
import { useDictionaries } from '../form-choices.ts'
import { ConfirmPopup, ResponsePopup } from '../result-popups.tsx'
import {
  screensBundle,
  type FormMeta,
  type ScreenDescription,
  type Wizard,
} from '../screens-data.ts'
import { SectionView } from './section-view.tsx'
import { useWizardDraft } from './use-wizard-draft.ts'
import { useWizardIssues } from './use-wizard-issues.ts'
import { useWizardSubmit } from './use-wizard-submit.ts'
import { DonePopup, WizardFrame } from './wizard-frame.tsx'
import { nameFields, withNormalizedNames } from './wizard-payload.ts'

export function WizardScreen({ screen }: { screen: ScreenDescription }) {
  const brand = useBrand()
  const wizard = screen.wizard
  if (!wizard) throw new Error(`assertion: screen ${screen.id} describes its wizard`)
  const flag = wizard.brandFlag
  if (flag && (brand as unknown as Record<string, unknown>)[flag] !== true)
    return <Navigate to="/login" replace />
  return <WizardFlow screen={screen} wizard={wizard} />
}

/** Trims and collapses the names of every form of the wizard (product-spec section 5). */
function nameNormalizer(screenId: string, wizard: Wizard, forms: Record<string, FormMeta>) {
  const schemaOf = (key: string) => screensBundle.schemas[forms[key]?.schema ?? ''] ?? {}
  const fields = wizard.sections.flatMap((s) => nameFields(schemaOf(`${screenId}.${s.id}`)))
  const lists = Object.fromEntries(
    Object.entries(wizard.items ?? {}).map(([name, item]) => [
      item.field,
      nameFields(schemaOf(`${screenId}.${name}`)),
    ]),
  )
  return (payload: Parameters<typeof withNormalizedNames>[0]) =>
    withNormalizedNames(payload, fields, lists)
}

/** The wizard's state: the draft, its issues, Next, Clear and submit. */
function useWizardFlow(screen: ScreenDescription, wizard: Wizard) {
  const brand = useBrand()
  const draft = useWizardDraft(screen.id, wizard.draft.version)
  // The dictionaries load when the route opens (product-spec section 2).
  const replies = useDictionaries(Object.values(wizard.dictionaries ?? {}).map((d) => d.operation))
  const forms = screensBundle.forms[brand.id]
  if (!forms) throw new Error(`assertion: the bundle has the forms of brand ${brand.id}`)
  const sourceOfWealthEnable = brand.sourceOfWealthEnable
  const input = useMemo(
    () => ({ screenId: screen.id, wizard, forms, replies, sourceOfWealthEnable }),
    [screen.id, wizard, forms, replies, sourceOfWealthEnable],
  )
  const issues = useWizardIssues(input, draft.payload)
  const normalize = useMemo(
    () => nameNormalizer(screen.id, wizard, forms),
    [screen.id, wizard, forms],
  )
  const submit = useWizardSubmit({ wizard, draft, issues, normalize })
  const [generation, setGeneration] = useState(0)
  const [checking, setChecking] = useState(false)
  const index = Math.min(draft.section, wizard.sections.length - 1)
  const section = wizard.sections[index]!

  /** Next checks the section (names tidied first) and moves on only when it passes. */
  const next = async () => {
    setChecking(true)
    try {
      const payload = normalize(draft.current())
      draft.setPayload(payload)
      const found = await issues.check([section.id], payload)
      if ((found.get(section.id) ?? []).length === 0) draft.setSection(index + 1)
    } finally {
      setChecking(false)
    }
  }
  /** Clear: nothing stored, the first section, every form empty again. */
  const clear = () => {
    draft.clear()
    issues.reset()
    setGeneration((g) => g + 1)
  }
  return {
    forms,
    replies,
    draft,
    issues,
    submit,
    index,
    section,
    generation,
    checking,
    next,
    clear,
  }
}

function WizardFlow({ screen, wizard }: { screen: ScreenDescription; wizard: Wizard }) {
  const { t } = useTranslation(['registration', 'screens'])
  const navigate = useNavigate()
  const flow = useWizardFlow(screen, wizard)
  const { draft, issues, submit, index, section } = flow
  const [clearing, setClearing] = useState(false)
  return (
    <WizardFrame title={t(`screens:${screen.id}.title`)}>
      <Stepper active={index} onStepClick={draft.setSection} size="sm" wrap>
        {wizard.sections.map((s, i) => (
          <Stepper.Step
            key={s.id}
            label={t(`screens:${screen.id}.sections.${s.id}`)}
            // The stepper marks the shown step only by its color; a screen reader hears it.
            aria-current={i === index ? 'step' : undefined}
            color={(issues.shown.get(s.id)?.length ?? 0) > 0 ? 'red' : undefined}
          />
        ))}
      </Stepper>
      <SectionView
        key={`${section.id}.${flow.generation}`}
        screenId={screen.id}
        wizard={wizard}
        section={section}
        forms={flow.forms}
        payload={draft.payload}
        update={draft.update}
        issues={issues.shown.get(section.id) ?? []}
        replies={flow.replies}
      />
      <WizardNav
        flow={flow}
        last={index === wizard.sections.length - 1}
        onClear={() => setClearing(true)}
      />
      <ConfirmPopup
        text={clearing ? t('registration:clearConfirm') : null}
        onConfirm={() => {
          flow.clear()
          setClearing(false)
        }}
        onCancel={() => setClearing(false)}
      />
      {submit.done && (
        <DonePopup
          screenId={screen.id}
          onClose={() => {
            draft.clear()
            void navigate('/')
          }}
        />
      )}
      <ResponsePopup popup={submit.popup} onClose={submit.closePopup} />
    </WizardFrame>
  )
}

/** Clear on one side; Back, and Next or Submit on the last section, on the other. */
function WizardNav(props: {
  flow: ReturnType<typeof useWizardFlow>
  last: boolean
  onClear(): void
}) {
  const { t } = useTranslation('registration')
  const { flow } = props
  return (
    <Group justify="space-between" mt="md">
      <Button variant="subtle" color="red" onClick={props.onClear}>
        {t('clear')}
      </Button>
      <Group>
        {flow.index > 0 && (
          <Button variant="default" onClick={() => flow.draft.setSection(flow.index - 1)}>
            {t('back')}
          </Button>
        )}
        {props.last ? (
          <Button loading={flow.submit.busy} onClick={() => void flow.submit.submit()}>
            {t('submit')}
          </Button>
        ) : (
          <Button loading={flow.checking} onClick={() => void flow.next()}>
            {t('next')}
          </Button>
        )}
      </Group>
    </Group>
  )
}
