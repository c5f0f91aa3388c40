// The captcha of account creation: a proof-of-work challenge from the server, solved in the
// browser at submit (captchaChallengeGet; src/shared/captcha-work.ts). The solver yields to
// the page between batches, so the submit button's spinner keeps turning while it works.
import { callOperation } from '../call-operation.ts'

interface Challenge {
  challenge: string
  difficulty: number
}

/** The token to send as the captcha, or undefined when no challenge could be had. */
export async function captchaToken(operation: string): Promise<string | undefined> {
  const result = await callOperation(operation, {})
  const challenge = result.body.captchaChallenge as Challenge | undefined
  if (!result.ok || typeof challenge?.challenge !== 'string') return undefined
  const { solveChallenge } = await import('../../../shared/captcha-work.ts')
  return solveChallenge(challenge.challenge, Number(challenge.difficulty))
}
