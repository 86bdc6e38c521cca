import { z } from 'zod';

/**
 * Reading settings from environment variables, for the server and the sandbox alike: each variable is a
 * zod schema from its text (unset and blank alike: the default), and a reader reports every bad variable
 * at once, each in a sentence that names it.
 */

/** A variable's text, trimmed; unset and blank are both undefined. */
export const text = z
  .string()
  .optional()
  .transform((value) => {
    const trimmed = value?.trim();
    return trimmed === '' ? undefined : trimmed;
  });

/** Text, or `fallback` when unset. */
export const textOr = (fallback: string) => text.transform((value) => value ?? fallback);

/** `a, b,c` → ['a', 'b', 'c']; `fallback` when unset. */
export const list = (fallback: string[]) =>
  text.transform((value) =>
    value === undefined
      ? fallback
      : value
          .split(',')
          .map((item) => item.trim())
          .filter((item) => item !== ''),
  );

/** A whole number from `min` to `max`, `fallback` when unset. */
export const wholeNumber = (fallback: number, min: number, max: number) =>
  text.transform((value, context) => {
    if (value === undefined) return fallback;
    const parsed = Number(value);
    if (Number.isInteger(parsed) && parsed >= min && parsed <= max) return parsed;
    context.addIssue({
      code: 'custom',
      message: `must be a whole number from ${min} to ${max}, not "${value}"`,
    });
    return z.NEVER;
  });

/** `on`/`off` (or true/false, yes/no, 1/0), `fallback` when unset. */
export const onOff = (fallback: boolean) =>
  text.transform((value, context) => {
    if (value === undefined) return fallback;
    const normalized = value.toLowerCase();
    if (['on', 'true', '1', 'yes'].includes(normalized)) return true;
    if (['off', 'false', '0', 'no'].includes(normalized)) return false;
    context.addIssue({ code: 'custom', message: `must be on or off, not "${value}"` });
    return z.NEVER;
  });

/** One of `choices` (any letter case), `fallback` when unset. */
export const oneOf = <const T extends string>(choices: readonly T[], fallback: T) =>
  text.transform((value, context) => {
    if (value === undefined) return fallback;
    const chosen = choices.find((choice) => choice === value.toLowerCase());
    if (chosen !== undefined) return chosen;
    context.addIssue({ code: 'custom', message: `must be ${choices.join(' or ')}, not "${value}"` });
    return z.NEVER;
  });

/**
 * A setting read by `read`, which throws an Error saying what is wrong (with the variable's name, or
 * the rest of the sentence after it: "must be …"); `fallback` when unset.
 */
export const readWith = <T>(read: (value: string) => T, fallback: T) =>
  text.transform((value, context) => {
    if (value === undefined) return fallback;
    try {
      return read(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: error instanceof Error ? error.message : String(error) });
      return z.NEVER;
    }
  });

/** Every bad setting at once, one sentence each. */
export class SettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(
      problems.length === 1
        ? (problems[0] as string)
        : `${problems.length} settings need fixing:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`,
    );
    this.name = 'SettingsError';
  }
}

/**
 * The variables of `shape` read from `env`, then `relations` (sentences about settings that do not fit
 * together) checked on them. Throws a SettingsError naming every bad variable; the relations are checked
 * once every variable reads.
 */
export function readSettings<Shape extends z.ZodRawShape>(
  shape: Shape,
  env: NodeJS.ProcessEnv,
  relations: (settings: z.output<z.ZodObject<Shape>>) => string[] = () => [],
): z.output<z.ZodObject<Shape>> {
  const result = z.object(shape).safeParse(env);
  const problems = result.success
    ? relations(result.data)
    : result.error.issues.map((issue) => {
        const name = issue.path.join('.');
        return issue.message.startsWith(name) ? issue.message : `${name} ${issue.message}`;
      });
  if (problems.length > 0 || !result.success) throw new SettingsError(problems);
  return result.data;
}
