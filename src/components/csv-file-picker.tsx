import { Alert, Button, FileButton, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type CsvTable, decodeCsvBytes, readCsvTable } from '@/domain/csv-file';

type CsvFilePickerProps = {
  /** Said on the button: "Choose a CSV file". */
  label: string;
  maxBytes: number;
  maxRows: number;
  /** What a row is, for the limit's words: "products", "lines". */
  rowsAre: string;
  onTable: (table: CsvTable, fileName: string) => void;
};

const megabytes = (bytes: number) => `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;

/**
 * A CSV file chosen with a button or dropped on the area around it, read in the browser (UTF-8 or
 * Windows-1252, commas or semicolons) and held to its limits, which are said before anything is chosen.
 * A file that cannot be used is named with the reason, and another can be chosen at once.
 */
export function CsvFilePicker({ label, maxBytes, maxRows, rowsAre, onTable }: CsvFilePickerProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const limits = `At most ${megabytes(maxBytes)} and ${maxRows.toLocaleString('en-US')} ${rowsAre}, with a header line.`;

  async function read(file: File | null) {
    if (!file) return;
    setProblem(null);
    if (file.size > maxBytes) {
      setProblem(`${file.name} is ${megabytes(file.size)}: ${limits}`);
      return;
    }
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch {
      setProblem(`${file.name} could not be read. Choose it again, or save it again and choose the copy.`);
      return;
    }
    const reading = readCsvTable(decodeCsvBytes(bytes));
    if ('problem' in reading) {
      setProblem(`${file.name} cannot be imported. ${reading.problem}`);
      return;
    }
    const { table } = reading;
    if (table.rows.length === 0) {
      setProblem(`${file.name} has no rows under a header line. ${limits}`);
    } else if (table.rows.length > maxRows) {
      setProblem(`${file.name} has ${table.rows.length.toLocaleString('en-US')} ${rowsAre}. ${limits}`);
    } else {
      onTable(table, file.name);
    }
  }

  return (
    <Stack gap="sm">
      <Paper
        withBorder
        p="lg"
        radius="md"
        bg={dragging ? 'var(--mantine-color-blue-light)' : undefined}
        style={{ borderStyle: 'dashed' }}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void read(event.dataTransfer.files[0] ?? null);
        }}
      >
        <Group>
          <FileButton onChange={(file) => void read(file)} accept=".csv,text/csv,text/plain">
            {(props) => <Button {...props}>{label}</Button>}
          </FileButton>
          <Text c="dimmed">or drop it here. {limits}</Text>
        </Group>
      </Paper>
      {problem ? (
        <Alert color="red" title="This file cannot be imported" role="alert">
          {problem}
        </Alert>
      ) : null}
    </Stack>
  );
}
