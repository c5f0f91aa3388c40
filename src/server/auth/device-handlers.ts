// The device operations of the token service, shared by /auth/devices, their deprecated
// /external/device twins and /device-api (product-spec section 7): the handler files named
// after each operation call these.
import type { HandlerContext } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refused, reply, restMessage, type Answer, type Failure } from '../rpc/outcome.ts'
import { blockMinutes } from './login-attempts.ts'
import {
  approveDevice,
  approveMethods,
  chooseApproveMethod,
  createDevice,
  deleteDevice,
  deviceOf,
  devicesOf,
  deviceView,
  type NewDevice,
} from './devices.ts'

export const deviceNotFoundMessage = 'The device was not found or is no longer valid.'
const notFound = () => restMessage(404, 'answer.auth.deviceNotFound')

export async function listDevices(
  context: HandlerContext,
): Promise<Answer<'authDeviceList' | 'externalDeviceList'> | Failure> {
  const { userId } = requireSession(context)
  return reply(200, { devices: (await devicesOf(context.db, userId)).map(deviceView) })
}

/** Pending devices a user may have at once: enough for a few tries, not a flood. */
export const maxPendingDevices = 10

export async function linkDevice(
  context: HandlerContext,
  input: NewDevice,
): Promise<Answer<'authDeviceCreate' | 'externalDeviceCreate'> | Failure> {
  const { userId } = requireSession(context)
  const pending = (await devicesOf(context.db, userId)).filter((row) => row.status === 'pending')
  if (pending.length >= maxPendingDevices) {
    return restMessage(429, 'answer.auth.tooManyDevices')
  }
  const device = await createDevice(context.db, userId, {
    name: input.name,
    type: input.type,
    pushToken: input.pushToken,
  })
  return reply(200, device)
}

export async function getDevice(
  context: HandlerContext,
): Promise<Answer<'authDeviceGet' | 'externalDeviceGet'> | Failure> {
  const { userId } = requireSession(context)
  const device = await deviceOf(context.db, userId, context.params.deviceId)
  return device ? reply(200, deviceView(device)) : notFound()
}

export async function unlinkDevice(
  context: HandlerContext,
): Promise<
  Answer<'authDeviceDelete' | 'externalDeviceDelete' | 'deviceApiDeviceDelete'> | Failure
> {
  const { userId } = requireSession(context)
  const device = await deviceOf(context.db, userId, context.params.deviceId)
  if (!device) return notFound()
  await context.tokens.familiesEnded(await deleteDevice(context.db, device))
  return reply(204)
}

export async function listApproveMethods(
  context: HandlerContext,
): Promise<Answer<'authDeviceApproveMethodList' | 'externalDeviceApproveMethodList'> | Failure> {
  const { userId } = requireSession(context)
  return reply(200, { methods: await approveMethods(context.db, userId) })
}

export async function setApproveMethod(
  context: HandlerContext,
): Promise<Answer<'authDeviceApproveMethodSet' | 'externalDeviceApproveMethodSet'> | Failure> {
  const { userId } = requireSession(context)
  const device = await deviceOf(context.db, userId, context.params.deviceId)
  if (!device) return notFound()
  const methodId = context.params.methodId ?? ''
  const choice = await chooseApproveMethod(context.db, device, methodId)
  if (choice === 'unknownMethod') {
    return restMessage(404, 'answer.auth.approveMethodUnavailable')
  }
  if (choice === 'notPending') return refused('answer.auth.deviceNotPending')
  if (choice === 'tooMany') {
    return restMessage(429, 'answer.auth.tooManyCodes')
  }
  return reply(200, { methodId, sentTo: choice.sentTo })
}

export async function approve(
  context: HandlerContext,
  code: string,
): Promise<Answer<'authDeviceApprove' | 'externalDeviceApprove'> | Failure> {
  const { userId } = requireSession(context)
  const device = await deviceOf(context.db, userId, context.params.deviceId)
  if (!device) return notFound()
  const approval = await approveDevice(context.db, device, code)
  switch (approval.outcome) {
    case 'approved':
      return reply(200, deviceView(approval.device))
    case 'blocked':
      return restMessage(429, 'answer.auth.blocked', { minutes: blockMinutes })
    case 'noCode':
      return refused('answer.auth.chooseApproveMethod')
    case 'notPending':
      return refused('answer.auth.deviceNotPending')
    case 'wrongCode':
      return refused('answer.auth.wrongDeviceCode', { attempts: approval.attemptsLeft })
  }
}
