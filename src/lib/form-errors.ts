import type { ErrorItem } from '../contract/envelope';

/** `/productAttributes/0/key` → `productAttributes.0.key`; JSON pointer escapes (~1, ~0) are undone. */
export function pointerToFieldName(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

function firstLower(name: string): string {
  return name
    .split('.')
    .map((segment) => segment.charAt(0).toLowerCase() + segment.slice(1))
    .join('.');
}

export type PlacedErrors = {
  /** One message per form field that the server named. */
  fields: { name: string; message: string }[];
  /** Messages for problems that have no field on this form. */
  general: string[];
};

/**
 * Splits the server's error items into those that belong on a field of the form (by `source.pointer`,
 * read case-insensitively on the first letter since upstream bodies may be PascalCase) and the rest.
 */
export function placeServerErrors(errors: ErrorItem[], isField: (name: string) => boolean): PlacedErrors {
  const placed: PlacedErrors = { fields: [], general: [] };
  for (const item of errors) {
    const message = item.detail ?? item.title;
    const pointer = item.source?.pointer;
    const name = pointer ? firstLower(pointerToFieldName(pointer)) : '';
    if (name && isField(name)) {
      if (!placed.fields.some((field) => field.name === name)) placed.fields.push({ name, message });
    } else {
      placed.general.push(message);
    }
  }
  return placed;
}

type SetError = (
  name: never,
  error: { type: string; message: string },
  options?: { shouldFocus: boolean },
) => void;

/**
 * Puts each server error on its react-hook-form field (focusing the first) and returns the messages that
 * belong to no field, for a form-level alert. The form's values are left exactly as they were.
 */
export function applyServerErrors(
  setError: SetError,
  errors: ErrorItem[],
  isField: (name: string) => boolean,
): string[] {
  const placed = placeServerErrors(errors, isField);
  placed.fields.forEach((field, index) => {
    setError(field.name as never, { type: 'server', message: field.message }, { shouldFocus: index === 0 });
  });
  return placed.general;
}
