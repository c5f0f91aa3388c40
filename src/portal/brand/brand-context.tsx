import { createContext, useContext } from 'react'
import type { Brand } from './resolve-brand.ts'

export const BrandContext = createContext<Brand | null>(null)

export function useBrand(): Brand {
  const brand = useContext(BrandContext)
  if (!brand) throw new Error('useBrand needs a BrandContext provider')
  return brand
}
