// A QR code with its text beside it, for the "Link new device" popup and TOTP enrolment
// (product-spec sections 2 and 3: the link is shown as a QR code). uqr is imported on first
// render so that no route pays for it until a code is shown (the login route's budget,
// DESIGN.md section 10). The SVG goes into an <img> as a data URL: the CSP allows data:
// images and no markup of ours is injected into the page. People who cannot scan read or
// copy the text under it.
import { Suspense, use, useId, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type * as Uqr from 'uqr'
import { ActionIcon, Group, Skeleton, Stack, Text, TextInput, Tooltip } from '@mantine/core'

export interface QrCodeProps {
  /** The text encoded in the code, also shown for copying. */
  value: string
  /** What the code is for; the image's alt text (read by screen readers). */
  label: string
  /** The image's width and height in CSS pixels; default 200. */
  size?: number
}

export function QrCode(props: QrCodeProps) {
  return (
    <Suspense fallback={<Skeleton h={props.size ?? 200} w={props.size ?? 200} />}>
      <QrCodeWithText {...props} />
    </Suspense>
  )
}

/** The QR library, loaded once on first use and shared by every code shown after. */
let qrLibrary: Promise<typeof Uqr> | undefined

function QrImage({ value, label, size }: { value: string; label: string; size: number }) {
  const { renderSVG } = use((qrLibrary ??= import('uqr')))
  const url = useMemo(() => {
    const svg = renderSVG(value, { border: 2, pixelSize: 8 })
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
  }, [renderSVG, value])
  return <img src={url} alt={label} width={size} height={size} style={{ maxWidth: '100%' }} />
}

function QrCodeWithText({ value, label, size = 200 }: QrCodeProps) {
  const { t } = useTranslation('security')
  const textId = useId()
  const [copied, setCopied] = useState(false)

  async function copy() {
    try {
      await navigator.clipboard.writeText(value)
      setCopied(true)
      setTimeout(() => setCopied(false), 2000)
    } catch {
      // No clipboard (an insecure origin or a refused permission): the text stays selectable.
      setCopied(false)
    }
  }

  return (
    <Stack gap="xs" align="center" data-testid="qr-code">
      <Suspense fallback={<Skeleton h={size} w={size} maw="100%" role="img" aria-label={label} />}>
        <QrImage value={value} label={label} size={size} />
      </Suspense>
      <Text size="sm" id={textId}>
        {t('qr.textLabel')}
      </Text>
      <Group gap="xs" wrap="nowrap" w="100%">
        <TextInput
          readOnly
          value={value}
          aria-labelledby={textId}
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1, minWidth: 0 }}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          data-testid="qr-code-text"
        />
        <Tooltip label={copied ? t('qr.copied') : t('qr.copy')} withArrow>
          <ActionIcon
            variant="light"
            size="lg"
            onClick={() => void copy()}
            aria-label={copied ? t('qr.copied') : t('qr.copy')}
          >
            <CopyGlyph copied={copied} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  )
}

/** A copy (or, once copied, a check) mark, drawn inline so that no icon package is needed. */
function CopyGlyph({ copied }: { copied: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      {copied ? (
        <path d="M5 12l5 5L20 7" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      ) : (
        <>
          <rect x="8" y="8" width="12" height="12" rx="2" stroke="currentColor" strokeWidth="2" />
          <path
            d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2"
            stroke="currentColor"
            strokeWidth="2"
          />
        </>
      )}
    </svg>
  )
}
