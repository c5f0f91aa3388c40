// The verdicts of serviceCheckUrls by form and block list (src/server/services/url-verdict.ts).
import { describe, expect, it } from 'vitest'
import { urlReasons, urlVerdict } from '../../../../src/server/services/url-verdict.ts'

const blocked = ['bit.ly', 'blocked.example']
const reasonOf = (url: string) => {
  const verdict = urlVerdict(url, blocked)
  return verdict.valid ? 'valid' : verdict.reason
}

describe('urlVerdict', () => {
  it('accepts public http(s) addresses, with or without a scheme, port, path or IDN', () => {
    for (const url of [
      'https://www.nova.example',
      'http://nova.example/about?x=1#top',
      'nova.example',
      'www.nova.example:8443/path',
      'https://xn--bcher-kva.example/',
      'https://bücher.example',
      'https://93.184.216.34/',
      'https://[2606:2800:220:1::1]/',
    ]) {
      expect(reasonOf(url), url).toBe('valid')
    }
  })

  it('keeps the URL as sent in the verdict', () => {
    expect(urlVerdict(' nova.example ', blocked)).toEqual({ url: ' nova.example ', valid: true })
  })

  it('refuses what is no web address', () => {
    for (const url of [
      '',
      'not a url',
      'https://',
      'https://exa mple.com',
      'http:nova.example',
      'https://-bad-.example',
      'https://nova.123',
      'https://a..b.example',
    ]) {
      expect(reasonOf(url), url).toBe(urlReasons.malformed)
    }
  })

  it('refuses schemes other than http and https', () => {
    for (const url of [
      'ftp://nova.example',
      'javascript:alert(1)',
      'mailto:a@nova.example',
      'file:///etc/passwd',
      'data:text/html,hi',
    ]) {
      expect(reasonOf(url), url).toBe(urlReasons.scheme)
    }
  })

  it('refuses credentials in the URL', () => {
    expect(reasonOf('https://user:secret@nova.example')).toBe(urlReasons.credentials)
    expect(reasonOf('https://user@nova.example')).toBe(urlReasons.credentials)
  })

  it('refuses IP literals outside the public internet, however they are written', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://10.1.2.3',
      'http://172.16.0.1',
      'http://192.168.1.1:8080',
      'http://169.254.169.254/latest/meta-data',
      'http://100.64.0.1',
      'http://0.0.0.0',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://[::1]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      expect(reasonOf(url), url).toBe(urlReasons.privateAddress)
    }
  })

  it('refuses localhost and names that exist only inside a network', () => {
    for (const url of [
      'http://localhost',
      'localhost:3000',
      'http://app.localhost',
      'http://printer.local',
      'http://intranet',
      'http://db.internal/',
      'http://router.home.arpa',
    ]) {
      expect(reasonOf(url), url).toBe(urlReasons.localName)
    }
  })

  it('refuses the blocked domains and their subdomains, not names that only end alike', () => {
    expect(reasonOf('https://bit.ly/abc')).toBe(urlReasons.blockedDomain)
    expect(reasonOf('https://www.Blocked.Example')).toBe(urlReasons.blockedDomain)
    expect(reasonOf('https://notblocked.example')).toBe('valid')
  })
})
