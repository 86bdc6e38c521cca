// No zod here: the Stock route's search reader is part of the first page's JavaScript (the route tree), and
// the contract's schemas are not (stock.ts holds them).

/** The furthest "expiring within" reaches, in days: ten years. */
export const maxExpiringDays = 3650;
