// /login and /home show with the styles of their own components (first-styles.ts); every
// other page, and what the first pages open later (a second sign-in step, a popup), waits for
// Mantine's whole stylesheet before it shows (Lighthouse's budget, DESIGN.md section 10).
import type { RouteObject } from 'react-router'

let loading: Promise<unknown> | undefined

/** Loads Mantine's whole stylesheet, once. */
export function loadAllStyles(): Promise<unknown> {
  loading ??= import('./all-styles.ts')
  return loading
}

/** A module's import that resolves once the whole stylesheet is there too. */
export function withAllStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadAllStyles()]).then(([module]) => module)
}

/** The routes with every route's lazy import but the kept ones waiting for the whole stylesheet. */
export function styledRoutes(routes: RouteObject[], keep: ReadonlySet<unknown>): RouteObject[] {
  return routes.map((route) => {
    const lazy = route.lazy
    const styled =
      typeof lazy === 'function' && !keep.has(lazy)
        ? { ...route, lazy: withAllStyles(lazy) }
        : route
    if (!route.children) return styled as RouteObject
    return { ...styled, children: styledRoutes(route.children, keep) } as RouteObject
  })
}
