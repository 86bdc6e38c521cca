-- The audit log (the table keeps its earlier name): who changed what through the console, who was refused.
  CREATE TABLE activity (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at_ms bigint NOT NULL,
    person text NOT NULL,
    role text NOT NULL,
    action text NOT NULL,
    target text NOT NULL,
    status integer NOT NULL
  );
