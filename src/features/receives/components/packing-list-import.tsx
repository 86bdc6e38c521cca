import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { CsvFilePicker } from '@/components/csv-file-picker';
import type { DocumentLineFieldValues } from '@/components/form/document-line-values';
import { limits } from '@/contract/limits';
import type { CsvTable } from '@/domain/csv-file';
import { productCodeExistsQueryOptions } from '@/lib/check-product-code';
import {
  type PackingListProblem,
  packingListCodes,
  packingListLimits,
  readPackingList,
} from '../model/packing-list';

/** Lookups of product codes at once: a packing list of 500 lines must not ask 500 questions together. */
const lookupsAtOnce = 8;

/** The codes the warehouse has no product for; a code whose lookup fails is left to the create to judge. */
async function unknownCodes(codes: string[], exists: (code: string) => Promise<boolean>) {
  const unknown = new Set<string>();
  for (let at = 0; at < codes.length; at += lookupsAtOnce) {
    const batch = codes.slice(at, at + lookupsAtOnce);
    const found = await Promise.all(batch.map((code) => exists(code).catch(() => true)));
    batch.forEach((code, index) => {
      if (!found[index]) unknown.add(code);
    });
  }
  return unknown;
}

const count = (amount: number, noun: string) => `${amount} ${amount === 1 ? noun : `${noun}s`}`;
const refusedRows = (problems: PackingListProblem[]) => new Set(problems.map((problem) => problem.row)).size;

type Read = { name: string; lines: DocumentLineFieldValues[]; problems: PackingListProblem[] };

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
  // Each file chosen (and each close) starts a new reading: a lookup still under way for an earlier one is dropped.
  const readingNumber = useRef(0);
  const keptLines = () => form.getValues(name).filter((line) => String(line.productCode).trim() !== '');

  async function chosen(table: CsvTable, fileName: string) {
    const mine = ++readingNumber.current;
    setRead(null);
    setReading(true);
    const unknown = await unknownCodes(packingListCodes(table), (code) =>
      queryClient.fetchQuery(productCodeExistsQueryOptions(code)),
    );
    if (mine !== readingNumber.current) return;
    setRead({ name: fileName, ...readPackingList(table, unknown) });
    setReading(false);
  }

  function addLines(lines: DocumentLineFieldValues[]) {
    form.setValue(name, [...keptLines(), ...lines], {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
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
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Import lines from CSV
      </Button>
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
                  <List size="sm">
                    {read.problems.slice(0, 50).map((problem) => (
                      <List.Item key={`${problem.row}-${problem.message}`}>
                        Row {problem.row}: {problem.message}
                      </List.Item>
                    ))}
                  </List>
                </Alert>
              ) : null}
              {read.lines.length > room ? (
                <Alert color="red" title="Too many lines for one receive">
                  {`A receive holds at most ${limits.maxItems.lines} lines and the form has ${limits.maxItems.lines - room} already: split the packing list, or remove lines from the form first.`}
                </Alert>
              ) : null}
              <Group>
                <Button
                  onClick={() => addLines(read.lines)}
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
    </>
  );
}
