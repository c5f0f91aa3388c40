// The issues the wizard shows, by section: once a section has been checked (Next, submit),
// its issues follow the draft as it changes, so a mended field loses its message at once. The
// e-mail lookups and the server's VF answer are kept until the value they were about changes.
import { useCallback, useMemo, useState } from 'react'
import fastDeepEqual from 'fast-deep-equal'
import { valueAt } from '../field-paths.ts'
import type { Json } from '../screens-data.ts'
import { draftIssues, type IssuesInput } from './draft-issues.ts'
import { useEmailChecks } from './email-checks.ts'
import { emailTargets } from './email-targets.ts'
import { issuesBySectionId, sectionOfIssue, type WizardIssue } from './wizard-checks.ts'

type Payload = Record<string, Json>

interface Kept {
  issue: WizardIssue
  /** The value at the issue's path when it was found. */
  value: Json | undefined
}

export function useWizardIssues(input: IssuesInput, payload: Payload) {
  const [checked, setChecked] = useState<ReadonlySet<string>>(new Set())
  const [kept, setKept] = useState<Kept[]>([])
  const lookUp = useEmailChecks(input.wizard.emailCheck)
  const { wizard } = input
  const shown = useMemo(() => {
    if (checked.size === 0) return new Map<string, WizardIssue[]>()
    const still = kept
      .filter((k) => fastDeepEqual(valueAt(payload, k.issue.path), k.value))
      .map((k) => k.issue)
    const grouped = issuesBySectionId([...draftIssues(input, payload), ...still], wizard, payload)
    for (const id of grouped.keys()) if (!checked.has(id)) grouped.set(id, [])
    return grouped
  }, [checked, kept, payload, input, wizard])

  /** Keeps issues found elsewhere (the server's answer) until their values change. */
  const keep = useCallback(
    (issues: WizardIssue[], about: Payload) =>
      setKept((before) => [
        ...before,
        ...issues.map((issue) => ({ issue, value: valueAt(about, issue.path) })),
      ]),
    [],
  )

  /** Checks these sections now (with the e-mail lookups) and answers their issues. */
  const check = useCallback(
    async (sectionIds: string[], about: Payload): Promise<Map<string, WizardIssue[]>> => {
      setChecked((before) => new Set([...before, ...sectionIds]))
      const inSections = (issue: WizardIssue) =>
        sectionIds.includes(sectionOfIssue(issue, wizard, about))
      const targets = wizard.emailCheck
        ? emailTargets(about, wizard.emailCheck).filter((t) =>
            inSections({ path: t.path, key: '' }),
          )
        : []
      const emails = await lookUp(targets)
      setKept((before) => [
        ...before.filter(
          (k) => !(k.issue.key.startsWith('registration:email.') && inSections(k.issue)),
        ),
        ...emails.map((issue) => ({ issue, value: valueAt(about, issue.path) })),
      ])
      const grouped = issuesBySectionId([...draftIssues(input, about), ...emails], wizard, about)
      return new Map(sectionIds.map((id) => [id, grouped.get(id) ?? []]))
    },
    [input, wizard, lookUp],
  )

  const reset = useCallback(() => {
    setChecked(new Set())
    setKept([])
  }, [])

  return { shown, check, keep, reset }
}
