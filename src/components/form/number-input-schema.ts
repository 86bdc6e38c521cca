import { z } from 'zod';

/** An empty box is "not given" and a numeric string its number; anything else is left to the schema. */
function toNumberIfNumeric(value: number | string): unknown {
  if (value === '') return undefined;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return value;
}

/**
 * Reads what a NumberField holds (a number, or a string while empty or unfinished) with `schema`, so
 * its own messages name the problem: "Enter a quantity" for an empty required box, for example.
 */
export function numberInputSchema<TSchema extends z.ZodType>(schema: TSchema) {
  return z.preprocess(toNumberIfNumeric, schema);
}
