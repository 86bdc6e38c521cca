import { z } from 'zod';

export const errorCodes = [
  'unauthorized',
  'organization_required',
  'unknown_organization',
  'validation_failed',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'upstream_unreachable',
  'upstream_timeout',
  'upstream_invalid_response',
  'upstream_too_large',
  'invalid_path',
  'host_not_allowed',
  'cross_site_request',
  'sign_in_required',
  'sign_in_not_configured',
  'forbidden',
  'rate_limited',
  'server_busy',
  'request_timeout',
  'too_many_problems',
  'webhooks_off',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/** Error item as the operator's developer pages show it; unknown codes from a real upstream still parse. */
export const errorItemSchema = z.object({
  id: z.string().optional(),
  status: z.string(),
  code: z.string(),
  title: z.string(),
  detail: z.string().optional(),
  /** `parameter` names the query parameter at fault, when it is one. */
  source: z.object({ pointer: z.string(), parameter: z.string().optional() }).optional(),
});
export type ErrorItem = z.infer<typeof errorItemSchema>;

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    data,
    id: z.string(),
    resource: z.array(z.unknown()),
    errors: z.array(errorItemSchema),
  });
}

export const errorEnvelopeSchema = envelopeSchema(z.object({}).loose());
export type Envelope<T> = { data: T; id: string; resource: unknown[]; errors: ErrorItem[] };
