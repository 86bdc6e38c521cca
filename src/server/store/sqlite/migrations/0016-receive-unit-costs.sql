-- What a unit of a receive's line cost from the supplier, entered on the receive for its claim packet
-- (unit-costs.ts): the console's own, beside the index, kept whatever versions of the receive come.
  CREATE TABLE receive_unit_costs (
    org TEXT NOT NULL,
    reference TEXT NOT NULL,
    line TEXT NOT NULL,
    product_code TEXT NOT NULL,
    unit_cost REAL NOT NULL,
    currency TEXT NOT NULL,
    entered_by TEXT NOT NULL,
    entered_ms INTEGER NOT NULL,
    PRIMARY KEY (org, reference, line, product_code)
  ) WITHOUT ROWID;
