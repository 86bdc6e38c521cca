import { useEffect } from 'react';
import {
  type FieldPath,
  type FieldValues,
  get,
  type UseFormSetError,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { type ApiError, isApiError } from '@/lib/api-error';

/**
 * The names of the fields each form shows right now, kept by the fields themselves as they mount and
 * unmount (never during render, which may be thrown away), so a server error goes to a field only
 * if one is there to show it.
 */
const shownFieldsByForm = new WeakMap<object, Set<string>>();

function shownFields(control: object): Set<string> {
  let shown = shownFieldsByForm.get(control);
  if (!shown) {
    shown = new Set();
    shownFieldsByForm.set(control, shown);
  }
  return shown;
}

function useShownField(control: object, name: string | undefined) {
  useEffect(() => {
    if (!name) return;
    const shown = shownFields(control);
    shown.add(name);
    return () => {
      shown.delete(name);
    };
  }, [control, name]);
}

/** A field's error, or a list's: its own (set by the server) or, once it has rows, at `root`. */
type FieldErrorAt = { message?: string; root?: { message?: string } };

/**
 * The error message of the field `name` (for a list, of the list itself), or else of `alsoShowsErrorOf`:
 * a group the field speaks for. Both count as shown while the calling component is mounted.
 */
export function useFieldError(name: string, alsoShowsErrorOf?: string): string | undefined {
  const { control } = useFormContext();
  const { errors } = useFormState({ control, name: alsoShowsErrorOf ? [name, alsoShowsErrorOf] : name });
  useShownField(control, name);
  useShownField(control, alsoShowsErrorOf);
  const message = (path: string | undefined): string | undefined => {
    const error = path ? get<typeof errors, FieldErrorAt | undefined>(errors, path) : undefined;
    return error?.message ?? error?.root?.message;
  };
  return message(name) ?? message(alsoShowsErrorOf);
}

/** `/productAttributes/0/key` → `productAttributes.0.key`; JSON pointer escapes (~1, ~0) are undone. */
export function pointerToFieldName(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/** Upstream bodies may be PascalCase: `ShipToAddress.Address.Country` → `shipToAddress.address.country`. */
function firstLower(name: string): string {
  return name
    .split('.')
    .map((segment) => segment.charAt(0).toLowerCase() + segment.slice(1))
    .join('.');
}

/**
 * A failure, unlike a refusal, says nothing about what was typed, and its own words are rarely for people
 * ("Update failed upstream"): so it is said in plain words, what happened and what to do, its details last.
 */
function failureInPlainWords(status: number, details: string[]): string | undefined {
  if (status === 0)
    return "The console's server could not be reached: check your connection, then try again.";
  if (status < 500) return undefined;
  return `The server ran into a problem of its own; what you entered is not the cause. Try again in a few minutes, and if it keeps failing, tell whoever runs the console. Details: ${details.join(' ')}`;
}

/**
 * Puts each error of a refused request on the field its `source.pointer` names, if the form shows that
 * field (focusing the first one), and returns the messages left for the form's alert: the service's own
 * for a refusal, one in plain words for a failure (the server unreachable or at fault, 5xx). The form's
 * values stay exactly as they were.
 */
export function showServerErrors<TValues extends FieldValues>(
  form: { control: object; setError: UseFormSetError<TValues> },
  error: ApiError,
): string[] {
  const shown = shownFields(form.control);
  const placed = new Set<string>();
  const left: string[] = [];
  for (const item of error.errors) {
    const message = item.detail ?? item.title;
    const pointer = item.source?.pointer;
    const name = pointer ? firstLower(pointerToFieldName(pointer)) : '';
    if (!shown.has(name)) {
      left.push(message);
    } else if (!placed.has(name)) {
      // A field of this form registered the name, so it is one of the form's paths.
      form.setError(
        name as FieldPath<TValues>,
        { type: 'server', message },
        { shouldFocus: placed.size === 0 },
      );
      placed.add(name);
    }
  }
  const failure = left.length > 0 ? failureInPlainWords(error.status, left) : undefined;
  return failure ? [failure] : left;
}

/**
 * Where a form keeps what its last submission left for no field: messages a line. react-hook-form clears
 * it at the next submission.
 */
const submitFailure = 'root.server';

/** What a submission threw, shown: a refusal on the fields and at the root, any other Error's message at the root. */
export function showSubmitFailure<TValues extends FieldValues>(
  form: { control: object; setError: UseFormSetError<TValues> },
  error: unknown,
): void {
  const messages = isApiError(error)
    ? showServerErrors(form, error)
    : [error instanceof Error ? error.message : 'Sending failed; try again.'];
  if (messages.length > 0)
    form.setError(submitFailure as FieldPath<TValues>, { type: 'server', message: messages.join('\n') });
}

/** Whether any field holds an error the server put there (see showServerErrors). */
function holdsServerError(errors: unknown): boolean {
  if (errors === null || typeof errors !== 'object') return false;
  if ('type' in errors && errors.type === 'server') return true;
  return Object.entries(errors).some(([key, value]) => key !== 'ref' && holdsServerError(value));
}

/**
 * What the form's last submission left to say (see Form): the messages at its root, and whether the
 * server marked any of its fields.
 */
export function useSubmitFailure(): { messages: string[]; fieldsMarked: boolean } {
  const { control } = useFormContext();
  const { errors } = useFormState({ control });
  const { root, ...fields } = errors;
  const message = (root as { server?: { message?: string } } | undefined)?.server?.message;
  return { messages: message ? message.split('\n') : [], fieldsMarked: holdsServerError(fields) };
}
