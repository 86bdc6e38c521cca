import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { DEFAULT_ORGANIZATION, type SandboxConfig } from './config';
import { problem } from './errors';

/** What every route behind authentication can read from the context. */
export type SandboxEnv = { Variables: { organization: string } };

/** Keys are compared as digests in constant time, so timing does not reveal how much of a key matched. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * x-api-key alone acts for the default organization; the multi-organization key also needs
 * organization-slug naming one of the configured organizations (decisions.md, Authentication).
 */
export function authenticate(config: SandboxConfig): MiddlewareHandler<SandboxEnv> {
  const singleKey = digest(config.apiKey);
  const multiKey = digest(config.multiOrgApiKey);
  const organizations = new Set(config.organizations);
  return async (c, next) => {
    const key = c.req.header('x-api-key');
    if (!key) {
      throw problem('unauthorized', 'Send the API key in the x-api-key header', {
        pointer: '/',
        header: 'x-api-key',
      });
    }
    const given = digest(key);
    if (timingSafeEqual(given, singleKey)) {
      c.set('organization', DEFAULT_ORGANIZATION);
    } else if (timingSafeEqual(given, multiKey)) {
      const slug = c.req.header('organization-slug');
      if (!slug) {
        throw problem(
          'organization_required',
          'This key acts for several organizations: name one in the organization-slug header',
          { pointer: '/', header: 'organization-slug' },
        );
      }
      if (!organizations.has(slug)) {
        throw problem(
          'unknown_organization',
          'The organization-slug header names no organization of this key',
          {
            pointer: '/',
            header: 'organization-slug',
          },
        );
      }
      c.set('organization', slug);
    } else {
      throw problem('unauthorized', 'The API key in x-api-key is not valid', {
        pointer: '/',
        header: 'x-api-key',
      });
    }
    await next();
  };
}
