// The yardstick of bench:rpc: a bare node:http handler answering a small JSON body, in a
// process of its own. Sends its port to the bench (IPC) once listening.
import { createServer } from 'node:http'

const server = createServer((request, response) => {
  request.resume()
  request.on('end', () => {
    const body = JSON.stringify({ responseCode: '00', serverTime: new Date().toISOString() })
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
    response.end(body)
  })
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (typeof address !== 'object' || !address) throw new Error('assertion: listening on a port')
  process.send?.({ port: address.port })
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
