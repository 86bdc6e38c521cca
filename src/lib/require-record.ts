import { notFound } from '@tanstack/react-router';
import { isNotFoundError } from './api-error';

/**
 * For a detail route's loader: the page's record, or the router's `notFound()` when there is none (the
 * lookup found nothing, or the interface answered 404), so the route's `notFoundComponent` shows instead
 * of the error page. Any other failure stays an error.
 */
export async function requireRecord<T>(lookup: Promise<T | undefined>): Promise<T> {
  let record: T | undefined;
  try {
    record = await lookup;
  } catch (error) {
    if (isNotFoundError(error)) throw notFound();
    throw error;
  }
  if (record === undefined) throw notFound();
  return record;
}
