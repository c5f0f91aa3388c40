// The signed-in tab's realtime channel; the main layout starts it, signing out stops it.
import { session } from './client.ts'
import { RealtimeChannel } from './realtime.ts'

export const realtime = new RealtimeChannel(session)
