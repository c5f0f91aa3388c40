// "Skip to main content": the first stop of the keyboard on every page of the main layout,
// hidden until it has the focus (WCAG 2.4.1). It moves the focus itself instead of following
// the #fragment, which the router would take for a navigation.
import { useState, type CSSProperties, type MouseEvent } from 'react'
import { useTranslation } from 'react-i18next'

export const mainContentId = 'main-content'

const hidden: CSSProperties = {
  position: 'fixed',
  left: 0,
  top: 0,
  width: 1,
  height: 1,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
}

const shown: CSSProperties = {
  position: 'fixed',
  left: 'var(--mantine-spacing-sm)',
  top: 'var(--mantine-spacing-sm)',
  zIndex: 1000,
  padding: 'var(--mantine-spacing-xs) var(--mantine-spacing-md)',
  background: 'var(--mantine-color-body)',
  color: 'var(--mantine-color-anchor)',
  border: '2px solid currentColor',
  borderRadius: 'var(--mantine-radius-sm)',
  fontWeight: 700,
}

export function SkipLink() {
  const { t } = useTranslation('common')
  const [focused, setFocused] = useState(false)
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    document.getElementById(mainContentId)?.focus()
  }
  return (
    <a
      href={`#${mainContentId}`}
      onClick={skip}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      style={focused ? shown : hidden}
    >
      {t('skipToContent')}
    </a>
  )
}
