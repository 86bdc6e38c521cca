import { Alert, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { CsvFilePicker } from '@/components/csv-file-picker';
import { ButtonLink } from '@/components/router-links';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { type CheckedRow, productImportLimits } from '@/contract/product-import';
import type { CsvTable } from '@/domain/csv-file';
import { useConsoleConfig } from '@/lib/get-console-config';
import { useCheckProductImport } from '../api/check-product-import';
import { type ImportRun, useProductImportRun } from '../api/create-product-import';
import { importReport, importReportCsv } from '../model/import-report';
import { productImportTemplate } from '../model/import-template';
import { type ColumnTarget, guessColumnTarget, importedRows } from '../model/product-csv-mapping';
import { ProductImportColumns } from './product-import-columns';
import { CheckedRows, CsvDownloadButton, NotCreatedRows } from './product-import-tables';

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

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
      {notCreated.length > 0 ? <NotCreatedRows rows={notCreated} /> : null}
      <Group>
        <CsvDownloadButton
          csv={importReportCsv(report)}
          fileName="product-import-report.csv"
          label="Download the report (CSV)"
        />
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
    const guessed = table.headers.map((header) => guessColumnTarget(header, config));
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
          One product a row, with a header line. The usual names are read in any letter case (SKU, Product
          name, Price, Weight (lb), Height (in), an attribute by its label such as Lot, Serialized for the
          serial number), and a unit in brackets is the column's unit; the template has them all. An
          attribute's cell puts it on (<code>rf</code> or <code>release</code> in it set its flags; empty,{' '}
          <code>no</code> or <code>0</code> leave it off); <code>attribute:KEY</code> and{' '}
          <code>custom:KEY</code> columns name one outright. A dry run checks every row before anything is
          created, and a code that already exists is reported, never duplicated.
        </Text>
      </div>
      {run.state === 'idle' ? (
        <Group>
          <CsvDownloadButton
            csv={productImportTemplate(config)}
            fileName="products-template.csv"
            label="Download a template (CSV)"
          />
        </Group>
      ) : null}
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
