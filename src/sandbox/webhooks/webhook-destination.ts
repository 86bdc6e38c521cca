/** Where the sandbox sends its webhooks: an http(s) address (a token may sit in its query) and headers. */
export type WebhookDestination = { url: URL; headers: Record<string, string> };

/** An http(s) address, query included (receivers often take their token there). */
export function parseWebhookUrl(name: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`${name} must be an http(s) address such as http://127.0.0.1:3000/hooks, not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must start with http:// or https://, not "${url.protocol}"`);
  }
  return url;
}

const headerName = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/**
 * Set by the sandbox for every delivery: a body is always JSON, its length and host follow from the
 * request, and its organization from the change.
 */
const reservedHeaders = new Set([
  'content-type',
  'content-length',
  'host',
  'transfer-encoding',
  'organization-slug',
]);

/** `name: value; name: value` (values cannot hold `;`); names are kept as written. */
export function parseWebhookHeaders(value: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const item of (value ?? '').split(';')) {
    if (item.trim() === '') continue;
    const colon = item.indexOf(':');
    const name = item.slice(0, colon).trim();
    if (colon === -1 || !headerName.test(name)) {
      throw new Error(`SANDBOX_WEBHOOK_HEADERS: "${item.trim()}" is not "name: value" (entries end with ;)`);
    }
    if (reservedHeaders.has(name.toLowerCase())) {
      throw new Error(`SANDBOX_WEBHOOK_HEADERS: ${name} is set by the sandbox itself`);
    }
    headers[name] = item.slice(colon + 1).trim();
  }
  return headers;
}
