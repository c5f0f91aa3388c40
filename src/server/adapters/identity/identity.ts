// The identity provider in use: the built-in one until a deployment configures a real
// provider (jmo or nfd, README.md beside this file).
import type { ServerConfig } from '../../config.ts'
import { BuiltInIdentity } from './built-in-identity.ts'

export function identityProviderOf(config: Pick<ServerConfig, 'identityCheckSeconds'>) {
  return new BuiltInIdentity(config.identityCheckSeconds * 1000)
}
