import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { CsvFilePicker } from '@/components/csv-file-picker';
import type { DocumentLineFieldValues } from '@/components/form/document-line-values';
import { limits } from '@/contract/limits';
import type { CsvTable } from '@/domain/csv-file';
import { productCodeAsKnownQueryOptions } from '@/lib/check-product-code';
import {
  type PackingListProblem,
  packingListCodes,
  packingListLimits,
  readPackingList,
} from '../model/packing-list';

/** Lookups of product codes at once: a packing list of 500 lines must not ask 500 questions together. */
const lookupsAtOnce = 8;

/**
 * Each code's product as the warehouse has it, `lookupsAtOnce` at a time (`find`: the code as the warehouse
 * spells it, or null); a code whose lookup fails is left out, for the create to judge.
 */
async function productCodesOf(codes: string[], find: (code: string) => Promise<string | null>) {
  const found = new Map<string, string | null>();
  for (let at = 0; at < codes.length; at += lookupsAtOnce) {
    const batch = codes.slice(at, at + lookupsAtOnce);
    const answers = await Promise.all(batch.map((code) => find(code).catch(() => undefined)));
    batch.forEach((code, index) => {
      const answer = answers[index];
      if (answer !== undefined) found.set(code, answer);
    });
  }
  return found;
}

const count = (amount: number, noun: string) => `${amount} ${amount === 1 ? noun : `${noun}s`}`;
const refusedRows = (problems: PackingListProblem[]) => new Set(problems.map((problem) => problem.row)).size;

type Read = { name: string; lines: DocumentLineFieldValues[]; problems: PackingListProblem[] };

/** The rows of a file that could not be lines, each with why. */
function RefusedRows({ problems }: { problems: PackingListProblem[] }) {
  return (
    <List size="sm">
      {problems.slice(0, 50).map((problem) => (
        <List.Item key={`${problem.row}-${problem.message}`}>
          Row {problem.row}: {problem.message}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * "Import lines from CSV" on the receive form: a supplier's packing list (product code, quantity, unit
 * and line reference) read into the form's lines, replacing the empty ones and keeping everything else
 * typed. Codes the warehouse has no product for are refused, each bad row named.
 */
export function PackingListImport({ name }: { name: 'receiveLines' }) {
  const form = useFormContext<Record<'receiveLines', DocumentLineFieldValues[]>>();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [reading, setReading] = useState(false);
  const [read, setRead] = useState<Read | null>(null);
  // After lines were added, the rows left out stay in view on the form until dismissed.
  const [leftOut, setLeftOut] = useState<Read | null>(null);
  // Each file chosen (and each close) starts a new reading: a lookup still under way for an earlier one is dropped.
  const readingNumber = useRef(0);
  const keptLines = () => form.getValues(name).filter((line) => String(line.productCode).trim() !== '');

  async function chosen(table: CsvTable, fileName: string) {
    const mine = ++readingNumber.current;
    setRead(null);
    setReading(true);
    const found = await productCodesOf(packingListCodes(table), (code) =>
      queryClient.fetchQuery(productCodeAsKnownQueryOptions(code)),
    );
    if (mine !== readingNumber.current) return;
    setRead({ name: fileName, ...readPackingList(table, found) });
    setReading(false);
  }

  function addLines(added: Read) {
    form.setValue(name, [...keptLines(), ...added.lines], {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    setLeftOut(added.problems.length > 0 ? added : null);
    close();
  }

  function close() {
    readingNumber.current += 1;
    setOpened(false);
    setReading(false);
    setRead(null);
  }

  const room = limits.maxItems.lines - (read ? keptLines().length : 0);

  return (
    <Stack gap="xs">
      <Group>
        <Button variant="default" onClick={() => setOpened(true)}>
          Import lines from CSV
        </Button>
      </Group>
      {leftOut ? (
        <Alert
          color="orange"
          title={`${count(refusedRows(leftOut.problems), 'row')} of ${leftOut.name} not added`}
          withCloseButton
          closeButtonLabel="Dismiss the rows not added"
          onClose={() => setLeftOut(null)}
        >
          <RefusedRows problems={leftOut.problems} />
        </Alert>
      ) : null}
      <Modal
        opened={opened}
        onClose={close}
        title="Import lines from a packing list"
        size="lg"
        closeButtonProps={{ 'aria-label': 'Close without adding lines' }}
      >
        <Stack gap="md">
          <Text size="sm">
            Columns: product code (or SKU) and quantity; unit and line reference if the file has them. Lines
            replace the empty ones; the rest of the form is kept.
          </Text>
          <CsvFilePicker
            label="Choose a CSV file"
            maxBytes={packingListLimits.fileBytes}
            maxRows={packingListLimits.rows}
            rowsAre="lines"
            onTable={(table, fileName) => void chosen(table, fileName)}
          />
          {reading ? <Text role="status">Looking up the product codes…</Text> : null}
          {read ? (
            <Stack gap="sm">
              <Text role="status" fw={500}>
                {`${read.name}: ${count(read.lines.length, 'line')} ready, ${count(refusedRows(read.problems), 'row')} refused`}
              </Text>
              {read.problems.length > 0 ? (
                <Alert color="red" title="Rows that cannot be lines">
                  <RefusedRows problems={read.problems} />
                </Alert>
              ) : null}
              {read.lines.length > room ? (
                <Alert color="red" title="Too many lines for one receive">
                  {`A receive holds at most ${limits.maxItems.lines} lines and the form has ${limits.maxItems.lines - room} already: split the packing list, or remove lines from the form first.`}
                </Alert>
              ) : null}
              <Group>
                <Button
                  onClick={() => addLines(read)}
                  disabled={read.lines.length === 0 || read.lines.length > room}
                >
                  {`Add ${count(read.lines.length, 'line')}`}
                </Button>
                <Button variant="default" onClick={close}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          ) : null}
        </Stack>
      </Modal>
    </Stack>
  );
}
