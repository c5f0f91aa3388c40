// The document-upload widget of the renderer: one compliance document (an identity page, a
// proof of address, a company document), checked in the browser by the same rules the server
// applies (src/shared/file-signatures.ts: PDF, JPEG or PNG by their bytes, at most 10 MB)
// so a wrong file is named at once, then shown with its name, its size (product-spec section
// 9) and a preview of an image, and removable. Any screen's single file field gets it
// (schema-form.tsx); the value is the data URL rjsf's file fields carry, sent as a part.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core'
import type { WidgetProps } from '@rjsf/utils'
import {
  documentContentType,
  maxDocumentBytes,
  pdfProbeBytes,
} from '../../../shared/file-signatures.ts'
import { formatFileSize } from '../../../shared/file-size.ts'

const accept = 'application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png'

/** The data URL of a checked file, carrying its name as rjsf's data-url fields do. */
function dataUrlOf(file: File, type: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'))
    reader.onload = () => {
      const base64 = String(reader.result).replace(/^data:[^,]*,/, '')
      resolve(`data:${type};name=${encodeURIComponent(file.name)};base64,${base64}`)
    }
    reader.readAsDataURL(file)
  })
}

/** What the chosen value shows: its name, type and size, from the data URL itself. */
function describe(value: string): { name: string; type: string; bytes: number } {
  const [, meta = '', base64 = ''] = /^data:([^,]*),(.*)$/s.exec(value) ?? []
  const name = decodeURIComponent(/;name=([^;]*)/.exec(meta)?.[1] ?? '')
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0
  return { name, type: meta.split(';')[0] ?? '', bytes: (base64.length * 3) / 4 - padding }
}

type Problem = 'tooLarge' | 'wrongType' | 'unreadable'

async function check(file: File): Promise<{ type: string } | { problem: Problem }> {
  if (file.size === 0) return { problem: 'wrongType' }
  if (file.size > maxDocumentBytes) return { problem: 'tooLarge' }
  const head = new Uint8Array(await file.slice(0, pdfProbeBytes).arrayBuffer())
  const tail = new Uint8Array(
    await file.slice(Math.max(0, file.size - pdfProbeBytes)).arrayBuffer(),
  )
  const type = documentContentType(head, tail)
  return type ? { type } : { problem: 'wrongType' }
}

export function DocumentUploadWidget(props: WidgetProps) {
  const { t, i18n } = useTranslation('forms')
  const [problem, setProblem] = useState<Problem | null>(null)
  const value = typeof props.value === 'string' && props.value !== '' ? props.value : undefined
  const chosen = value ? describe(value) : undefined
  const error = problem ? t(`upload.${problem}`) : props.rawErrors?.[0]
  const disabled = props.disabled || props.readonly

  const choose = async (file: File | null) => {
    if (!file) return
    try {
      const checked = await check(file)
      if ('problem' in checked) {
        setProblem(checked.problem)
        props.onChange(props.options.emptyValue)
        return
      }
      setProblem(null)
      props.onChange(await dataUrlOf(file, checked.type))
    } catch {
      setProblem('unreadable')
    }
  }

  return (
    <Input.Wrapper
      id={props.id}
      label={props.hideLabel ? undefined : props.label}
      description={t('upload.hint')}
      withAsterisk={props.required}
      error={error}
    >
      <Paper withBorder p="sm" mt={4} data-testid="document-upload">
        {chosen ? (
          <Group wrap="nowrap" align="center">
            {chosen.type.startsWith('image/') && value && (
              <Image src={value} alt="" w={64} h={64} fit="cover" radius="sm" />
            )}
            <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
              <Text size="sm" fw={600} truncate>
                {chosen.name}
              </Text>
              <Text size="xs" c="dimmed">
                {t(`upload.types.${chosen.type}`, { defaultValue: chosen.type })} ·{' '}
                {formatFileSize(chosen.bytes, i18n.language)}
              </Text>
            </Stack>
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={disabled}
              aria-label={t('upload.removeNamed', { name: chosen.name })}
              onClick={() => {
                setProblem(null)
                props.onChange(props.options.emptyValue)
              }}
            >
              {t('upload.remove')}
            </Button>
          </Group>
        ) : (
          <FileButton onChange={(file) => void choose(file)} accept={accept} disabled={disabled}>
            {(buttonProps) => (
              <Button
                {...buttonProps}
                id={`${props.id}-choose`}
                variant="light"
                // The field's label, then what the button does: "Identity document Choose a file".
                aria-labelledby={`${props.id}-label ${props.id}-choose`}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${props.id}-error` : undefined}
              >
                {t('upload.choose')}
              </Button>
            )}
          </FileButton>
        )}
      </Paper>
    </Input.Wrapper>
  )
}
