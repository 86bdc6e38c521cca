import { Alert, Button, Group, List, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { CsvFilePicker } from '@/components/csv-file-picker';
import { ButtonLink } from '@/components/router-links';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { type CheckedRow, productImportLimits } from '@/contract/product-import';
import type { CsvTable } from '@/domain/csv-file';
import { useConsoleConfig } from '@/lib/get-console-config';
import { useCheckProductImport } from '../api/check-product-import';
import { type ImportRun, useProductImportRun } from '../api/create-product-import';
import { fieldWords, importReport, importReportCsv, outcomeWord } from '../model/import-report';
import { type ColumnTarget, guessColumnTarget, importedRows } from '../model/product-csv-mapping';
import { ProductImportColumns } from './product-import-columns';

/** Rows listed under the dry run: the first ones with something to say; the report has them all. */
const listedRows = 200;

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

function CheckedRows({ rows }: { rows: CheckedRow[] }) {
  const noted = rows.filter((row) => row.outcome !== 'ready');
  if (noted.length === 0) return <Text>Every row is ready.</Text>;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table captionSide="top">
        <Table.Caption>
          Rows with errors or already there
          {noted.length > listedRows ? `: the first ${listedRows} of ${noted.length}` : ''}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Row</Table.Th>
            <Table.Th scope="col">Product code</Table.Th>
            <Table.Th scope="col">What is wrong</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {noted.slice(0, listedRows).map((row) => (
            <Table.Tr key={row.row} data-outcome={row.outcome}>
              <Table.Th scope="row">{row.row}</Table.Th>
              <Table.Td>{row.productCode || '(none)'}</Table.Td>
              <Table.Td>
                {row.outcome === 'exists' ? (
                  'Already exists: it will be left as it is'
                ) : (
                  <List size="sm">
                    {row.problems.map((problem) => (
                      <List.Item key={`${problem.field}-${problem.message}`}>
                        {fieldWords(problem.field)}: {problem.message}
                      </List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The report of a finished run as a file to download; its address is released when it changes. */
function ReportLink({ csv }: { csv: string }) {
  const url = useMemo(() => URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv' })), [csv]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Button component="a" href={url} download="product-import-report.csv" variant="default">
      Download the report (CSV)
    </Button>
  );
}

function RunProgress({
  run,
  onCancel,
}: {
  run: Extract<ImportRun, { state: 'running' }>;
  onCancel: () => void;
}) {
  const percent = run.total === 0 ? 100 : Math.round((run.done.length / run.total) * 100);
  return (
    <Stack gap="xs">
      <Text id="import-progress-label">
        Creating: {run.done.length.toLocaleString('en-US')} of {plural(run.total, 'product')} answered
      </Text>
      <Progress.Root size="lg">
        <Progress.Section
          value={percent}
          aria-labelledby="import-progress-label"
          aria-valuetext={`${percent}%`}
        />
      </Progress.Root>
      <Group>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </Stack>
  );
}

function RunSummary({
  run,
  checked,
  onAnother,
}: {
  run: Extract<ImportRun, { state: 'finished' }>;
  checked: CheckedRow[];
  onAnother: () => void;
}) {
  const report = importReport(checked, run.done);
  const count = (outcome: string) => report.filter((row) => row.outcome === outcome).length;
  const notCreated = report.filter((row) => row.outcome !== 'created');
  return (
    <Stack gap="sm">
      <Alert
        color={run.stopped === 'failed' ? 'red' : 'green'}
        title={
          run.stopped === 'canceled'
            ? 'Import canceled'
            : run.stopped === 'failed'
              ? 'Import stopped'
              : 'Import finished'
        }
        role="status"
      >
        {`${count('created')} created, ${count('existed')} already existed, ${count('refused')} refused${
          count('unknown') > 0 ? `, ${count('unknown')} not known` : ''
        }${count('not-sent') > 0 ? `, ${count('not-sent')} not sent` : ''}.`}
        {run.failure ? ` ${run.failure}` : ''}
      </Alert>
      {notCreated.length > 0 ? (
        <Table captionSide="top">
          <Table.Caption>Rows not created</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              <Table.Th scope="col">Product code</Table.Th>
              <Table.Th scope="col">Outcome</Table.Th>
              <Table.Th scope="col">Message</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {notCreated.slice(0, listedRows).map((row) => (
              <Table.Tr key={row.row}>
                <Table.Th scope="row">{row.row}</Table.Th>
                <Table.Td>{row.productCode || '(none)'}</Table.Td>
                <Table.Td>{outcomeWord(row.outcome)}</Table.Td>
                <Table.Td>{row.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      <Group>
        <ReportLink csv={importReportCsv(report)} />
        <ButtonLink to="/products" variant="default">
          Go to products
        </ButtonLink>
        <Button variant="subtle" onClick={onAnother}>
          Import another file
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A product CSV in steps: choose a file, see what each column fills (and change it), a dry run that
 * checks every row as the New product form would, then the creates with a progress bar and a report.
 */
export function ProductImportPage() {
  const config = useConsoleConfig();
  const [file, setFile] = useState<{ table: CsvTable; name: string } | null>(null);
  const [targets, setTargets] = useState<ColumnTarget[]>([]);
  const check = useCheckProductImport();
  const { run, start, cancel, reset } = useProductImportRun();

  const rows = useMemo(() => (file ? importedRows(file.table, targets) : []), [file, targets]);

  function chosen(table: CsvTable, name: string) {
    const guessed = table.headers.map(guessColumnTarget);
    setFile({ table, name });
    setTargets(guessed);
    reset();
    check.reset();
    // Every column known: straight to the dry run; otherwise the reader says where the others go first.
    if (guessed.every((target) => target !== '')) {
      check.mutate(importedRows(table, guessed));
    }
  }

  const answer = check.data;
  const readyRows = useMemo(() => {
    const ready = new Set(answer?.rows.filter((row) => row.outcome === 'ready').map((row) => row.row));
    return rows.filter((row) => ready.has(row.row));
  }, [answer, rows]);

  return (
    <Stack gap="lg" maw={1000}>
      <div>
        <Title order={1}>Import products from CSV</Title>
        <Text c="dimmed">
          One product a row, with a header line: product code, description and the other fields of the New
          product form; <code>attribute:KEY</code> columns add an attribute where a cell says so (
          <code>rf</code> or <code>release</code> in it set its flags; empty, <code>no</code> or{' '}
          <code>0</code> leave it off), <code>custom:KEY</code> columns a custom field. A dry run checks every
          row before anything is created, and a code that already exists is reported, never duplicated.
        </Text>
      </div>
      {run.state === 'idle' ? (
        <CsvFilePicker
          label="Choose a CSV file"
          maxBytes={productImportLimits.fileBytes}
          maxRows={productImportLimits.rows}
          rowsAre="rows"
          onTable={chosen}
        />
      ) : null}
      {file && run.state === 'idle' ? (
        <Stack gap="sm">
          <Title order={2} size="h3">
            {file.name}: {plural(file.table.rows.length, 'row')}
          </Title>
          <ProductImportColumns
            table={file.table}
            targets={targets}
            attributeKeys={config.attributeKeys}
            onChange={(next) => {
              setTargets(next);
              check.reset();
            }}
          />
          {!targets.includes('productCode') ? (
            <Alert color="yellow" title="No column is the product code">
              Choose the column that holds the product code.
            </Alert>
          ) : null}
          <Group>
            <Button
              onClick={() => check.mutate(rows)}
              loading={check.isPending}
              variant={answer ? 'default' : 'filled'}
            >
              {answer ? 'Check the rows again' : 'Check the rows'}
            </Button>
          </Group>
        </Stack>
      ) : null}
      {check.isError ? (
        <Alert color="red" title="The rows could not be checked" role="alert">
          {check.error.message}
        </Alert>
      ) : null}
      {answer && run.state === 'idle' ? (
        <Stack gap="sm">
          <Title order={2} size="h3">
            Dry run
          </Title>
          <Text role="status" fw={500}>
            {`${answer.counts.ready} ready, ${answer.counts.errors} with errors, ${answer.counts.exists} already exist`}
          </Text>
          <CheckedRows rows={answer.rows} />
          <Group>
            <Button onClick={() => void start(readyRows)} disabled={readyRows.length === 0}>
              {`Create ${plural(readyRows.length, 'product')}`}
            </Button>
            {answer.counts.errors > 0 ? (
              <Text c="dimmed" size="sm">
                Rows with errors are left out; correct them in the file and import it again.
              </Text>
            ) : null}
          </Group>
        </Stack>
      ) : null}
      {run.state === 'running' ? <RunProgress run={run} onCancel={cancel} /> : null}
      <UnsavedChangesGuard
        when={run.state === 'running'}
        title="Leave while importing?"
        lost="The import stops after the rows it is sending now, and this page's report of it is lost."
        leave="Leave and stop the import"
      />
      {run.state === 'finished' && answer ? (
        <RunSummary
          run={run}
          checked={answer.rows}
          onAnother={() => {
            reset();
            setFile(null);
            check.reset();
          }}
        />
      ) : null}
    </Stack>
  );
}
