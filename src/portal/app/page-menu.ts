// Hand-written pages listed in the left menu's groups next to the rendered screens: each
// names its route, its group, its place in the group, the i18n key of its title and who may
// open it, in the words of the screens' access (spec/README.md, Screens): the access of the
// operations the page needs, narrowed where the product spec narrows it. A rendered screen
// listed here (batch transfers, pre-approved payments) takes the access of its YAML.
import type { PageAccess } from './viewer.ts'

export interface MenuPage extends Partial<PageAccess> {
  id: string
  route: string
  menu: 'transfers' | 'cards' | 'settings' | 'merchant'
  order: number
  /** `<namespace>:<key>` of the menu title. */
  title: string
}

/** Sending money: full access executes, initiate (3) makes an approval request. */
const sending = 'rights:2,3'

export const pageMenu: MenuPage[] = [
  {
    id: 'transferAccount',
    access: sending,
    route: '/transfer/account',
    menu: 'transfers',
    order: 1,
    title: 'transfers:account.title',
  },
  {
    id: 'transferP2p',
    // To another customer by e-mail: the sendMoneyUser flag too, as p2pTransferSubmit asks.
    access: `${sending} permission:sendMoneyUser`,
    route: '/transfer/p2p',
    menu: 'transfers',
    order: 2,
    title: 'transfers:p2p.title',
  },
  {
    id: 'transferExternal',
    access: sending,
    route: '/transfer/external',
    menu: 'transfers',
    order: 2.5,
    title: 'external:title',
  },
  {
    id: 'transferGlobal',
    // A global payment to an e-mail (issue 16): the flag of section 6, as p2pGlobalPaySubmit asks.
    access: `${sending} permission:sendMoneyGlobalTransfer`,
    route: '/transfer/external/global',
    menu: 'transfers',
    order: 2.6,
    title: 'global-send:menu',
  },
  {
    id: 'invoices',
    // Invoices (issue 16): whoever may read the lists; paying, rejecting, requesting and
    // adding money are offered on the page by their own access.
    access: 'rights:1,2,3,4',
    route: '/transfer/invoices',
    menu: 'transfers',
    order: 2.7,
    title: 'invoices:menu',
  },
  {
    id: 'transferApproved',
    // The business approval queue (product-spec sections 1 and 6): a company's approvers.
    access: 'rights:2,4 customer:business',
    route: '/transfer/approved',
    menu: 'transfers',
    order: 3,
    title: 'transfers:approved.title',
  },
  {
    id: 'transferMass',
    // Mass files (section 6): rights that may send one, and any mass-send flag on.
    access: 'rights:2,3,5',
    anyPermission: 'mass',
    route: '/transfer/mass',
    menu: 'transfers',
    order: 4,
    title: 'mass:menu',
  },
  {
    id: 'history',
    access: 'rights:1,2,3,4',
    route: '/history',
    menu: 'transfers',
    order: 5,
    title: 'history:menu',
  },
  {
    // Monthly statements of an account (issue 16): whoever may read the history.
    id: 'statements',
    access: 'rights:1,2,3,4',
    route: '/statements',
    menu: 'transfers',
    order: 5.5,
    title: 'history:statements.menu',
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
    id: 'cards',
    // The customer's cards (issue 17): whoever may see the accounts sees the cards.
    access: 'rights:1,2,3,4',
    route: '/cards',
    menu: 'cards',
    order: 1,
    title: 'cards:menu.cards',
  },
  {
    id: 'addCard',
    // Applying takes a fee: full access only (cardApply's x-access).
    access: 'rights:2',
    route: '/add-card',
    menu: 'cards',
    order: 2,
    title: 'cards:menu.apply',
  },
  {
    id: 'devices',
    access: 'user',
    route: '/setting/devices',
    menu: 'settings',
    order: 8,
    title: 'security:menu.devices',
  },
  {
    id: 'twoStepVerification',
    access: 'user',
    route: '/setting/two-step-verification',
    menu: 'settings',
    order: 9,
    title: 'security:menu.twoStep',
  },
  {
    id: 'changePassword',
    access: 'user',
    route: '/profile/password',
    menu: 'settings',
    order: 10,
    title: 'security:menu.password',
  },
]
