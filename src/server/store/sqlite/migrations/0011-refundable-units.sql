-- Of each return, the units it has to refund that no earlier return of its order received: what "ready
-- to refund" counts (return-refunds.ts works it out; derivation-upgrade.ts fills it for those held).
  ALTER TABLE records ADD COLUMN refundable REAL;
