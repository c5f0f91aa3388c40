// A sign-in's browser and system in words (issue 16 item 2): what the parser recognises, and
// nothing, rather than a guess, for what it does not.
import { expect, it } from 'vitest'
import { describeUserAgent } from '../../../../src/server/security/user-agent.ts'

it.each([
  [
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Safari/537.36',
    { browser: 'Chrome 150', system: 'Linux' },
  ],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:140.0) Gecko/20100101 Firefox/140.0',
    { browser: 'Firefox 140', system: 'Windows 10' },
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15',
    { browser: 'Safari', system: 'Mac OS 14.5' },
  ],
  ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148', { system: 'iOS 17.5' }],
  ['curl/8.5.0', {}],
  ['', {}],
])('reads %j as %j', (userAgent, words) => {
  expect(describeUserAgent(userAgent)).toEqual(words)
})
