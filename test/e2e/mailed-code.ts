// The newest six-digit code the demo sent a recipient under a subject, read from the demo's
// mailbox as its page does (README, demo sign-ins): a code a person would read in an e-mail
// or a text message.
import { expect } from 'vitest'

export async function mailedCode(
  baseUrl: string,
  recipient: string,
  subject: string,
): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => {
      const query = new URLSearchParams({ recipient })
      const response = await fetch(`${baseUrl}/demo/mailbox?${query.toString()}`)
      const { messages } = (await response.json()) as {
        messages: { subject: string; body: string }[]
      }
      code = messages.find((m) => m.subject === subject)?.body.match(/\b\d{6}\b/)?.[0]
      return code
    })
    .toBeDefined()
  return code!
}
