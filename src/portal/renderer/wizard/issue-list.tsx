// The issues of a section that no field of it shows (a missing director, a level's shares),
// listed above the section so nothing refused is out of sight.
import { useTranslation } from 'react-i18next'
import { Alert, List } from '@mantine/core'
import { issueLine } from './issue-texts.ts'
import type { WizardIssue } from './wizard-checks.ts'

export function IssueList({ issues }: { issues: readonly WizardIssue[] }) {
  const { t } = useTranslation(['registration', 'forms'])
  if (issues.length === 0) return null
  return (
    <Alert color="red" title={t('registration:sectionIssues')} role="alert">
      <List size="sm">
        {issues.map((issue, i) => (
          <List.Item key={i}>{issueLine(t, issue)}</List.Item>
        ))}
      </List>
    </Alert>
  )
}
