// Hand-written pages listed in the left menu's groups next to the rendered screens: each
// names its route, its group, its place in the group and the i18n key of its title.
export interface MenuPage {
  id: string
  route: string
  menu: 'transfers' | 'settings' | 'merchant'
  order: number
  /** `<namespace>:<key>` of the menu title. */
  title: string
}

export const pageMenu: MenuPage[] = [
  {
    id: 'transferAccount',
    route: '/transfer/account',
    menu: 'transfers',
    order: 1,
    title: 'transfers:account.title',
  },
  {
    id: 'transferP2p',
    route: '/transfer/p2p',
    menu: 'transfers',
    order: 2,
    title: 'transfers:p2p.title',
  },
  {
    id: 'transferExternal',
    route: '/transfer/external',
    menu: 'transfers',
    order: 2.5,
    title: 'external:title',
  },
  {
    id: 'transferApproved',
    route: '/transfer/approved',
    menu: 'transfers',
    order: 3,
    title: 'transfers:approved.title',
  },
  {
    id: 'transferMass',
    route: '/transfer/mass',
    menu: 'transfers',
    order: 4,
    title: 'mass:menu',
  },
  {
    id: 'history',
    route: '/history',
    menu: 'transfers',
    order: 5,
    title: 'history:menu',
  },
  {
    id: 'preapprovedPayments',
    route: '/transfer/preapproved-payments',
    menu: 'transfers',
    order: 7,
    title: 'screens:preapprovedPayments.title',
  },
  {
    id: 'batchTransfers',
    route: '/history/batch-transfers',
    menu: 'transfers',
    order: 6,
    title: 'screens:batchTransfers.title',
  },
  {
    id: 'devices',
    route: '/setting/devices',
    menu: 'settings',
    order: 8,
    title: 'security:menu.devices',
  },
  {
    id: 'twoStepVerification',
    route: '/setting/two-step-verification',
    menu: 'settings',
    order: 9,
    title: 'security:menu.twoStep',
  },
  {
    id: 'changePassword',
    route: '/profile/password',
    menu: 'settings',
    order: 10,
    title: 'security:menu.password',
  },
]
