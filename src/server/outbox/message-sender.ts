// The adapter interface of outbox delivery (delivery.ts): each channel's sender (smtp.ts, the
// SMS gateway) implements it without importing the delivery loop that calls it.
export interface SendableMessage {
  recipient: string
  subject: string
  body: string
}

/** The adapter interface: one channel, one send; a throw leaves the message for a retry. */
export interface MessageSender {
  readonly channel: 'email' | 'sms'
  send(message: SendableMessage): Promise<void>
}
