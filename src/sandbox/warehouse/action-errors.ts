import type { RuleProblem } from '../../contract/product-rules';

/** An operator action the life cycle does not allow (answered 409), with a sentence saying why. */
export class IllegalMoveError extends Error {}

/** A body that names lines, quantities or packages that do not fit the document (answered 400). */
export class ActionInputError extends Error {
  constructor(readonly problems: RuleProblem[]) {
    super(problems.map((problem) => problem.message).join('; '));
  }
}

/** A shipment id that is not on the order or receive (answered 404). */
export class ShipmentNotFoundError extends Error {}
