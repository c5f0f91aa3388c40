// Brotli and gzip copies of the built portal's text files (issue 15, DESIGN.md section 10):
// written next to each file at build time (`<name>.br`, `<name>.gz`), and chosen by the server
// from the browser's Accept-Encoding (@fastify/static preCompressed, src/server/serve-portal.ts).
// Compressing once at build time lets brotli use its best quality at no cost per request. A
// copy that would not be smaller is not written. Run by the Vite build (vite.config.ts), or by
// hand: `node scripts/precompress.ts dist`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

/** Text formats worth compressing; images and fonts of the build are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/

export interface PrecompressResult {
  files: number
  bytes: number
  brotliBytes: number
  gzipBytes: number
}

function* filesUnder(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(path)
    else if (compressible.test(entry.name)) yield path
  }
}

export function precompress(dir: string): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 }
  for (const path of filesUnder(dir)) {
    const content = readFileSync(path)
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    })
    const gzip = gzipSync(content, { level: constants.Z_BEST_COMPRESSION })
    result.files += 1
    result.bytes += content.length
    result.brotliBytes += Math.min(brotli.length, content.length)
    result.gzipBytes += Math.min(gzip.length, content.length)
    if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli)
    if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip)
  }
  return result
}

if (import.meta.main) {
  const dir = process.argv[2]
  if (!dir || !statSync(dir).isDirectory()) {
    console.error('usage: node scripts/precompress.ts <built portal directory>')
    process.exit(2)
  }
  const { files, bytes, brotliBytes, gzipBytes } = precompress(dir)
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
  console.log(
    `precompress: ${files} files, ${kb(bytes)} -> br ${kb(brotliBytes)}, gzip ${kb(gzipBytes)}`,
  )
}
