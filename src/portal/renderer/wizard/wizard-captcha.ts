// The captcha of account creation: a proof-of-work challenge from the server, solved in the
// browser at submit (captchaChallengeGet; src/shared/captcha-work.ts).
import { callOperation } from '../call-operation.ts'

/** The token to send as the captcha, or undefined when no challenge could be had. */
export async function captchaToken(operation: string): Promise<string | undefined> {
  const result = await callOperation(operation, {})
  if (!result.ok) return undefined
  // Solved once the server's captcha-work lands in this branch (issue13-server).
  return undefined
}
