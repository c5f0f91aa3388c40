// The language switch: only the brand's languages (product-spec section 1).
import { NativeSelect } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { useBrand } from '../brand/brand-context.tsx'
import { changeLanguage, productLang } from '../i18n/i18n.ts'

/** Each language named in itself, so a reader finds their own whatever is shown now. */
const nativeNames: Record<string, string> = {
  en: 'English',
  es: 'Español',
  pt: 'Português',
  ro: 'Română',
  ru: 'Русский',
  ua: 'Українська',
}

export function LanguageSelect({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('common')
  const brand = useBrand()
  if (brand.availableLangs.length < 2) return null
  return (
    <NativeSelect
      aria-label={t('language')}
      label={compact ? undefined : t('language')}
      value={productLang(i18n.language)}
      onChange={(event) => void changeLanguage(i18n, event.currentTarget.value)}
      data={brand.availableLangs.map((lang) => ({ value: lang, label: nativeNames[lang] ?? lang }))}
      size={compact ? 'xs' : 'sm'}
      w={compact ? 104 : undefined}
    />
  )
}
