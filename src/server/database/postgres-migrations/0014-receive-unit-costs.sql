-- What a unit of a receive's line cost from the supplier, entered on the receive for its claim packet
-- (unit-costs.ts): the console's own, beside the index, kept whatever versions of the receive come. Safe
-- to run again, as the tests that take a schema back do.
  CREATE TABLE IF NOT EXISTS receive_unit_costs (
    org text NOT NULL,
    reference text NOT NULL,
    line text NOT NULL,
    product_code text NOT NULL,
    unit_cost double precision NOT NULL,
    currency text NOT NULL,
    entered_by text NOT NULL,
    entered_ms bigint NOT NULL,
    PRIMARY KEY (org, reference, line, product_code)
  );
