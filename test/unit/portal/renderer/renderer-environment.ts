// What every jsdom test of the renderer needs, called once at the top of its file: Mantine
// reads the colour scheme through matchMedia and sizes through ResizeObserver, which jsdom
// lacks; the DOM is emptied after each
// test; texts are their keys (i18next's cimode: "screens:delete"), so a test finds a button
// by what it says.
import { afterEach, beforeAll } from 'vitest'
import i18next from 'i18next'
import { initReactI18next } from 'react-i18next'
import { cleanup } from '@testing-library/react'

export function rendererEnvironment(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia
  // Mantine's scrolling table container measures itself; jsdom lays nothing out.
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  afterEach(cleanup)
  beforeAll(async () => {
    await i18next.use(initReactI18next).init({ lng: 'cimode', appendNamespaceToCIMode: true })
  })
}
