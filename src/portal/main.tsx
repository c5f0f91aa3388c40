// Portal entry: pick the brand, load its language, then render the router.
import './app/first-styles.ts'
import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { I18nextProvider } from 'react-i18next'
import { BrandContext } from './brand/brand-context.tsx'
import { resolveBrand, showBrandIcon } from './brand/resolve-brand.ts'
import { initI18n, initialLang } from './i18n/i18n.ts'
import { PortalTheme } from './app/portal-theme.tsx'
import { router } from './app/router.tsx'
import { setActingCustomer } from './api/acting-customer.ts'

// ?fromCustomerId= chooses the acting customer before the first page asks for anything
// (app-root.tsx handles it on later navigations and tidies the address).
const fromCustomerId = new URLSearchParams(window.location.search).get('fromCustomerId')
if (fromCustomerId && /^\d+$/.test(fromCustomerId)) setActingCustomer(Number(fromCustomerId))

const brand = resolveBrand(window.location)
const i18n = await initI18n(initialLang(brand.availableLangs, brand.defaultLang))
document.title = brand.projectName
showBrandIcon(brand)

const root = document.getElementById('root')
if (!root) throw new Error('assertion: index.html has #root')
// A transition: React renders the first page in short tasks and keeps the main thread free.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <BrandContext value={brand}>
        <I18nextProvider i18n={i18n}>
          <PortalTheme brand={brand}>
            <RouterProvider router={router} />
          </PortalTheme>
        </I18nextProvider>
      </BrandContext>
    </StrictMode>,
  )
})
