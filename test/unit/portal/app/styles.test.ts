// Only /login and /home show with the styles of their own components: every other route's
// code is loaded together with Mantine's whole stylesheet (src/portal/app/styles.ts).
import { describe, expect, it } from 'vitest'
import type { RouteObject } from 'react-router'
import { styledRoutes } from '../../../../src/portal/app/styles.ts'

const lazyOf = (handle: string) => () => Promise.resolve({ handle })

describe('styledRoutes', () => {
  const login = lazyOf('login')
  const layout = lazyOf('layout')
  const home = lazyOf('home')
  const history = lazyOf('history')
  const mailbox = lazyOf('mailbox')
  const routes: RouteObject[] = [
    { path: '/login', lazy: login },
    {
      path: '/',
      lazy: layout,
      children: [
        { index: true, element: null },
        { path: 'home', lazy: home },
        { path: 'history', lazy: history },
      ],
    },
    { path: '/mailbox', lazy: mailbox },
  ]
  const styled = styledRoutes(routes, new Set([login, layout, home]))

  it('keeps the first pages as they are', () => {
    expect(styled[0]!.lazy).toBe(login)
    expect(styled[1]!.lazy).toBe(layout)
    expect(styled[1]!.children![1]!.lazy).toBe(home)
  })

  it('wraps every other lazy route, at any depth, and leaves routes without code alone', () => {
    expect(styled[2]!.lazy).not.toBe(mailbox)
    expect(typeof styled[2]!.lazy).toBe('function')
    expect(styled[1]!.children![2]!.lazy).not.toBe(history)
    expect(styled[1]!.children![0]).toBe(routes[1]!.children![0])
    expect(styled[1]!.children![2]!.path).toBe('history')
  })
})
