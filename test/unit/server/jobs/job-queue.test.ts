// The retry schedule of the jobs table and the worker's settings: a failed delivery waits
// 10 s, then twice as long each time, never more than an hour.
import { describe, expect, it } from 'vitest'
import { backoffSeconds, defaultMaxAttempts } from '../../../../src/server/jobs/job-queue.ts'
import { jobWorkerOptionsFromEnv } from '../../../../src/server/jobs/job-worker.ts'

describe('backoffSeconds', () => {
  it.each([
    [1, 10],
    [2, 20],
    [3, 40],
    [7, 640],
    [9, 2560],
    [10, 3600],
    [30, 3600],
  ])('waits after attempt %i: %i s', (attempt, seconds) => {
    expect(backoffSeconds(attempt)).toBe(seconds)
  })

  it('gives eight attempts over about 21 minutes', () => {
    expect(defaultMaxAttempts).toBe(8)
    let total = 0
    for (let attempt = 1; attempt < defaultMaxAttempts; attempt++) total += backoffSeconds(attempt)
    expect(total).toBe(1270)
  })
})

describe('jobWorkerOptionsFromEnv', () => {
  it.each([
    [{}, 1000],
    [{ JOBS_POLL_INTERVAL_MS: '250' }, 250],
    [{ JOBS_POLL_INTERVAL_MS: '0' }, 1000],
    [{ JOBS_POLL_INTERVAL_MS: 'soon' }, 1000],
  ])('reads %j as a poll every %i ms', (env, pollIntervalMs) => {
    expect(jobWorkerOptionsFromEnv(env, false)).toEqual({
      pollIntervalMs,
      allowPrivateNetworks: false,
    })
  })

  it.each([
    [{ JOBS_LEASE_MS: '2000' }, { leaseMs: 2000 }],
    [{ JOBS_LEASE_MS: '999' }, {}],
    [{ JOBS_LEASE_MS: '1.5e3' }, { leaseMs: 1500 }],
    [{ JOBS_LEASE_MS: 'long' }, {}],
    [{ JOBS_LEASE_MS: '' }, {}],
  ])('reads %j as the lease %j (five minutes when absent)', (env, lease) => {
    expect(jobWorkerOptionsFromEnv(env, true)).toEqual({
      pollIntervalMs: 1000,
      allowPrivateNetworks: true,
      ...lease,
    })
  })
})
