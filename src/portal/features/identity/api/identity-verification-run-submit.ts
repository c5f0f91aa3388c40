// identityVerificationRunSubmit: sends the selfie and the identity document of a run as
// multipart (data plus the two files, spec/services.yaml). The answer's run replaces the
// page's, so "we are checking" shows at once and the polling starts.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { components } from '../../../../generated/api.d.ts'
import { ResponseCode } from '../../../../generated/constants.ts'
import { send } from '../../../api/client.ts'
import { runQuery, type RunLink } from './identity-verification-run-get.ts'

type Envelope = components['schemas']['Envelope']

export interface RunFiles {
  documentTypeId: number
  selfie: File
  document: File
}

export interface SubmitAnswer {
  status: number
  body: Envelope & {
    identityVerificationRun?: components['schemas']['ServicesIdentityVerificationRun']
    message?: string
  }
}

async function submit(link: RunLink, files: RunFiles): Promise<SubmitAnswer> {
  const form = new FormData()
  form.append('data', JSON.stringify({ ...link, documentTypeId: files.documentTypeId }))
  form.append('selfie', files.selfie, files.selfie.name)
  form.append('document', files.document, files.document.name)
  const url = new URL('/rpc/identityVerificationRunSubmit', window.location.origin)
  const response = await send(new Request(url, { method: 'POST', body: form }))
  const body = (await response.json().catch(() => ({}))) as SubmitAnswer['body']
  return { status: response.status, body }
}

export function useIdentityVerificationRunSubmit(link: RunLink) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (files: RunFiles) => submit(link, files),
    onSuccess: (answer) => {
      const run = answer.body.identityVerificationRun
      if (answer.body.responseCode !== ResponseCode.Success || !run) return
      client.setQueryData(runQuery(link).queryKey, {
        status: 200,
        data: { responseCode: ResponseCode.Success, identityVerificationRun: run },
      })
    },
  })
}
