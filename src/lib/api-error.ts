import type { ErrorItem } from '@/contract/envelope';

/**
 * A failed call to the server: the HTTP status (0 when the server could not be reached), the first
 * error's code and title, and every error item so forms can place each one on its field.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly title: string;
  readonly errors: ErrorItem[];

  constructor(status: number, errors: ErrorItem[]) {
    const first = errors[0];
    super(first?.detail ?? first?.title ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = first?.code ?? 'unknown_error';
    this.title = first?.title ?? 'Request failed';
    this.errors = errors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isNotFoundError(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/** The server could not be reached, or the warehouse behind it did not answer (a 5xx): asking later may help. */
export function isWarehouseDown(error: unknown): error is ApiError {
  return isApiError(error) && (error.status === 0 || error.status >= 500);
}

/** What the server said went wrong, in its own words (the details of its error items). */
export function problemWords(error: ApiError): string {
  return error.errors.map((item) => item.detail ?? item.title).join(' ') || error.message;
}
