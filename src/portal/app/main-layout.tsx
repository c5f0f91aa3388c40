// The main layout (product-spec section 2): header with the brand's logo and name, the left
// menu, the footer. It is also the auth guard: no session means the login page; and a person
// whose KYC is needed is held on the KYC page (kyc-hold.ts).
import { Suspense, useEffect, useState, type ReactNode } from 'react'
import {
  Navigate,
  NavLink as RouterNavLink,
  Outlet,
  useLocation,
  useMatches,
  useNavigate,
} from 'react-router'
import { useTranslation } from 'react-i18next'
import {
  ActionIcon,
  Anchor,
  AppShell,
  Burger,
  Button,
  Group,
  Image,
  NavLink,
  ScrollArea,
  Text,
} from '@mantine/core'
import { useDisclosure, useMediaQuery } from '@mantine/hooks'
import { useBrand } from '../brand/brand-context.tsx'
import { iconUrl } from '../brand/resolve-brand.ts'
import { session } from '../api/client.ts'
import { LanguageSelect } from '../components/language-select.tsx'
import { menuNamespaces, ScreenMenu } from './screen-menu.tsx'
import { RealtimeNotices } from '../components/realtime-notices.tsx'
import { CompanySwitch } from './company-switch.tsx'
import { VerificationBanner } from '../features/verification/verification-banner.tsx'
import { customerInfoQuery, useCustomerInfo } from '../api/get-customer-info.ts'
import { operationQuery } from '../api/operation-query.ts'
import { queryClient } from '../api/query-client.ts'
import { preloadNamespaces } from '../i18n/i18n.ts'
import { ResponseCode } from '../../generated/constants.ts'
import { kycHoldTarget } from './kyc-hold.ts'
import { mainContentId, SkipLink } from './skip-link.tsx'
import { signedInNotFoundId } from './not-found-route.ts'
import { Component as PublicNotFound } from '../features/not-found/not-found-page.tsx'

const activityEvents = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const
/** Where the menu is beside the page (the navbar's breakpoint, sm); narrower it is a drawer. */
const wideScreen = '(min-width: 48em)'

/**
 * The route's loader: what the header, the menu and the verification banner ask for starts
 * with the layout's code, in parallel with the page's own calls, and waits for none of them.
 */
export function loader() {
  if (!session.isSignedIn) return null
  const started = [
    queryClient.ensureQueryData(customerInfoQuery()),
    queryClient.ensureQueryData(operationQuery('customerAccessListGet', {})),
    queryClient.ensureQueryData(operationQuery('profileInquiry', {})),
  ]
  for (const call of started) void call.catch(() => undefined)
  preloadNamespaces(
    window.matchMedia(wideScreen).matches ? [...menuNamespaces, 'verification'] : ['verification'],
  )
  return null
}

/**
 * Whether the menu's entries are rendered: beside the page always, on a phone once the burger
 * has opened the drawer. A phone's first view then neither loads the menu's texts nor renders
 * its entries.
 */
function useMenuShown(opened: boolean): boolean {
  const wide = useMediaQuery(wideScreen, undefined, { getInitialValueInEffect: false })
  const [openedOnce, setOpenedOnce] = useState(false)
  if (opened && !openedOnce) setOpenedOnce(true)
  return wide || opened || openedOnce
}

/** Brings a person whose KYC is needed back to the KYC page, with what the page was handed. */
function KycHold({ children }: { children: ReactNode }) {
  const location = useLocation()
  const reply = useCustomerInfo().data?.data
  const customer = reply?.responseCode === ResponseCode.Success ? reply.customer : undefined
  const target = kycHoldTarget(customer, location.pathname)
  if (target) return <Navigate to={target} replace state={location.state as unknown} />
  return children
}

function useSessionGuard(): void {
  const navigate = useNavigate()
  useEffect(() => {
    const touch = () => session.touch()
    for (const name of activityEvents) window.addEventListener(name, touch, { passive: true })
    const unsubscribe = session.subscribe((tokens, reason) => {
      if (!tokens)
        navigate(reason === 'signed-out' ? '/login' : `/login?reason=${reason}`, { replace: true })
    })
    return () => {
      unsubscribe()
      for (const name of activityEvents) window.removeEventListener(name, touch)
    }
  }, [navigate])
}

/** An arrow leaving a door: sign-out's mark where its word does not fit. */
function SignOutGlyph() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <path
        d="M14 4h4a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-4M9 8l-4 4 4 4M5 12h11"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  )
}

/** Sign-out: a word from xs up; on a phone its mark, named the same, so the wordmark fits. */
function SignOutButton({ label }: { label: string }) {
  const signOut = () => void session.signOut()
  return (
    <>
      <Button variant="subtle" size="compact-sm" visibleFrom="xs" onClick={signOut}>
        {label}
      </Button>
      <ActionIcon
        variant="subtle"
        hiddenFrom="xs"
        aria-label={label}
        title={label}
        onClick={signOut}
      >
        <SignOutGlyph />
      </ActionIcon>
    </>
  )
}

export function Component() {
  const { t } = useTranslation('common')
  const brand = useBrand()
  const location = useLocation()
  const [opened, { toggle, close }] = useDisclosure(false)
  const menuShown = useMenuShown(opened)
  const notFound = useMatches().some((match) => match.id === signedInNotFoundId)
  useSessionGuard()
  useEffect(close, [location.pathname, close])

  if (!session.isSignedIn) {
    // An address that is no page is the public page-not-found, not a sign-in.
    if (notFound) return <PublicNotFound />
    // The page asked for, with its query (an OAuth request), is where routing returns.
    const next = `${location.pathname}${location.search}`
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />
  }

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      footer={{ height: 48 }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          {/* On a phone the brand gives way, so the language and sign-out stay whole. */}
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, overflow: 'hidden' }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={t('toggleMenu')}
            />
            {/* One wordmark: the brand's mark, then its name as text, which no font clips. */}
            <Image src={iconUrl(brand)} alt="" h={28} w={28} style={{ flexShrink: 0 }} />
            <Text
              fw={700}
              fz={{ base: 'sm', xs: 'md' }}
              data-testid="brand-name"
              style={{ whiteSpace: 'nowrap', flexShrink: 0 }}
            >
              {brand.projectName}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
            <CompanySwitch />
            <LanguageSelect compact />
            <SignOutButton label={t('signOut')} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={t('menu.label')}>
        <AppShell.Section grow component={ScrollArea}>
          <NavLink component={RouterNavLink} to="/home" label={t('menu.home')} />
          {menuShown && (
            <Suspense fallback={null}>
              <ScreenMenu />
            </Suspense>
          )}
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main id={mainContentId} tabIndex={-1} style={{ outline: 'none' }}>
        <RealtimeNotices />
        <Suspense fallback={null}>
          <VerificationBanner />
        </Suspense>
        <KycHold>
          <Outlet />
        </KycHold>
      </AppShell.Main>
      <AppShell.Footer px="md">
        <Group h="100%" justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed" truncate>
            {t('footer.rights', { year: new Date().getFullYear(), name: brand.projectName })}
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Anchor size="xs" href={brand.legalLinks.terms} target="_blank" rel="noreferrer">
              {t('footer.terms')}
            </Anchor>
            <Anchor size="xs" href={brand.legalLinks.privacy} target="_blank" rel="noreferrer">
              {t('footer.privacy')}
            </Anchor>
          </Group>
        </Group>
      </AppShell.Footer>
    </AppShell>
  )
}
