// The second yardstick of bench:rpc: Fastify with one JSON route and nothing else (no logger,
// no hooks, no security headers), in a process of its own. Between the bare node:http handler
// and the portal's /rpc/ping it says how much of the gap is the framework itself and how much
// is the portal's own work per request. Sends its port to the bench (IPC) once listening.
import Fastify from 'fastify'

const app = Fastify({ logger: false })
app.post('/', async () => ({ responseCode: '00', serverTime: new Date().toISOString() }))
await app.listen({ port: 0, host: '127.0.0.1' })
const address = app.server.address()
if (typeof address !== 'object' || !address) throw new Error('assertion: listening on a port')
process.send?.({ port: address.port })
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)))
