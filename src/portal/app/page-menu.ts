// Hand-written pages listed in the left menu's groups next to the rendered screens: each
// names its route, its group, its place in the group and the i18n key of its title.
export interface MenuPage {
  id: string
  route: string
  menu: 'settings' | 'merchant'
  order: number
  /** `<namespace>:<key>` of the menu title. */
  title: string
}

export const pageMenu: MenuPage[] = []
