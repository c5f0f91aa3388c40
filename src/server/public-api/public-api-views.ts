// Rows of the public-api tables as the spec's schemas show them. Secrets never appear here:
// the key and the webhook secret are added to the create answers only.
import type { components } from '../../generated/api.d.ts'
import type {
  allowedIps,
  apiKeys,
  apiRequests,
  webhookRequests,
  webhooks,
} from '../db/schema-public-api.ts'

type Schemas = components['schemas']

export function webhookView(row: typeof webhooks.$inferSelect): Schemas['Webhook'] {
  return {
    id: row.id,
    customerId: row.customerId,
    name: row.name,
    enabled: row.enabled,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
  }
}

export function apiKeyView(row: typeof apiKeys.$inferSelect): Schemas['ApiKey'] {
  return {
    id: row.id,
    customerId: row.customerId,
    name: row.name,
    enabled: row.enabled,
    keyPrefix: row.keyPrefix,
    createdAt: row.createdAt.toISOString(),
    ...(row.lastUsedAt ? { lastUsedAt: row.lastUsedAt.toISOString() } : {}),
  }
}

export function allowedIpView(row: typeof allowedIps.$inferSelect): Schemas['AllowedIp'] {
  return {
    id: row.id,
    customerId: row.customerId,
    name: row.name,
    enabled: row.enabled,
    ipFrom: row.ipFrom,
    ...(row.ipTo !== null ? { ipTo: row.ipTo } : {}),
    createdAt: row.createdAt.toISOString(),
  }
}

/** Only rows with a customer and a key are listed (apiRequestList filters on both). */
export function apiRequestView(
  row: typeof apiRequests.$inferSelect & { customerId: number; apiKeyId: number },
): Schemas['ApiRequestLog'] {
  return {
    id: row.id,
    customerId: row.customerId,
    apiKeyId: row.apiKeyId,
    method: row.method,
    path: row.path,
    statusCode: row.statusCode,
    ip: row.ip,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
  }
}

export function webhookRequestView(
  row: typeof webhookRequests.$inferSelect,
): Schemas['WebhookRequestLog'] {
  return {
    id: String(row.id),
    customerId: row.customerId,
    ...(row.webhookId !== null ? { webhookId: row.webhookId } : {}),
    eventId: row.eventId,
    url: row.url,
    event: row.eventType,
    attempt: row.attempt,
    ...(row.statusCode !== null ? { statusCode: row.statusCode } : {}),
    success: row.success,
    ...(row.error !== null ? { error: row.error } : {}),
    durationMs: row.durationMs,
    requestBody: row.requestBody,
    responseBody: row.responseBody,
    createdAt: row.createdAt.toISOString(),
  }
}
