// A file a row action shows (action.view: an uploaded document an administrator reviews): the
// answer's bytes fetched with the screen's customer, then shown in a popup over the screen. An
// image shows as itself (a data: URL, which the portal's CSP admits for images); every file,
// a PDF too, has a link that opens it in a new tab and one that saves it under its name.
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Anchor, Button, Group, Image, Modal, Stack, Text } from '@mantine/core'
import { callOperation, type CallResult } from './call-operation.ts'
import type { Json } from './screens-data.ts'
import { Loading } from '../components/loading.tsx'

export interface ViewedFile {
  /** The i18n key of the popup's title: the action's text. */
  titleKey: string
  fileName: string
  type: string
  /** An object URL of the bytes, for the new tab and the save link. */
  url: string
  /** The bytes as a data: URL, for an image shown in the popup. */
  imageSource?: string
}

const imageTypes = new Set(['image/png', 'image/jpeg'])

export function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error ?? new Error('the file could not be read'))
    reader.readAsDataURL(blob)
  })
}

/** The file an answer carries as it is shown; undefined when the answer is no file. */
export async function viewedFile(
  result: CallResult,
  titleKey: string,
  fallbackName: string,
): Promise<ViewedFile | undefined> {
  if (!result.blob) return undefined
  const type = result.blob.type
  return {
    titleKey,
    fileName: result.fileName ?? fallbackName,
    type,
    url: URL.createObjectURL(result.blob),
    ...(imageTypes.has(type) && { imageSource: await readAsDataUrl(result.blob) }),
  }
}

/**
 * The file being looked at: `view` fetches and shows it, or hands a refusal (a JSON answer)
 * or a network failure (null) to `onFailure`; closing the popup lets the object URL go.
 */
export function useFileView(
  customerId: number | undefined,
  onFailure: (r: CallResult | null) => void,
) {
  const [viewing, setViewing] = useState<ViewedFile | null>(null)
  const [loading, setLoading] = useState(false)
  useEffect(() => () => (viewing ? URL.revokeObjectURL(viewing.url) : undefined), [viewing])
  const view = async (titleKey: string, operation: string, payload: Record<string, Json>) => {
    setLoading(true)
    const result = await callOperation(operation, payload, { download: true, customerId }).catch(
      () => null,
    )
    const file = result && (await viewedFile(result, titleKey, operation).catch(() => undefined))
    setLoading(false)
    if (file) setViewing(file)
    else onFailure(result)
  }
  return { viewing, loading, view, close: () => setViewing(null) }
}

export function FileViewPopup({
  file,
  loading,
  onClose,
}: {
  file: ViewedFile | null
  loading: boolean
  onClose(): void
}) {
  const { t } = useTranslation('screens')
  if (loading) return <Loading label={t('screens:fileLoading')} />
  if (!file) return null
  return (
    <Modal opened onClose={onClose} title={t(file.titleKey)} centered size="xl">
      <Stack>
        <Text size="sm" c="dimmed" data-testid="viewed-file-name">
          {file.fileName}
        </Text>
        {file.imageSource ? (
          <Image
            src={file.imageSource}
            alt={file.fileName}
            fit="contain"
            mah="70vh"
            data-testid="viewed-file"
          />
        ) : (
          <Text>{t('screens:fileNotShown')}</Text>
        )}
        <Group justify="space-between">
          <Group>
            <Anchor href={file.url} target="_blank" rel="noopener">
              {t('screens:fileOpen')}
            </Anchor>
            <Anchor href={file.url} download={file.fileName}>
              {t('screens:fileSave')}
            </Anchor>
          </Group>
          <Button onClick={onClose}>{t('screens:close')}</Button>
        </Group>
      </Stack>
    </Modal>
  )
}
