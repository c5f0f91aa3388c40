// The HTML a merchant pastes into its site for a saved payment button. The form carries only
// the button's id: the price, currency and receiving account are read from the saved button
// at checkout, so a payer who edits the page cannot change what is paid or to whom.

export interface ButtonCodeInput {
  id: number
  name: string
  itemName: string | null
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => htmlEscapes[char] ?? char)
}

/** Where payers are sent: PUBLIC_URL when the bank serves the portal under its own name. */
export function checkoutOrigin(port: number, publicUrl = process.env.PUBLIC_URL): string {
  return (publicUrl ?? `http://localhost:${port}`).replace(/\/+$/, '')
}

export function buttonCode(button: ButtonCodeInput, origin: string): string {
  const label = button.itemName ?? button.name
  return [
    `<form action="${escapeHtml(origin)}/checkout/button" method="post" target="_top">`,
    `  <input type="hidden" name="buttonId" value="${button.id}">`,
    `  <button type="submit">${escapeHtml(label)}</button>`,
    `</form>`,
  ].join('\n')
}
