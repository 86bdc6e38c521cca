// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ErrorItem } from '@/contract/envelope';
import { ApiError } from '@/lib/api-error';
import { pointerToFieldName, showServerErrors } from './field-errors';
import { Form } from './form';
import { ListError } from './list-error';
import { TextField } from './registered-fields';
import { useZodForm } from './use-zod-form';

afterEach(cleanup);

const schema = z.object({
  productCode: z.string().min(1, 'Enter a product code'),
  note: z.string(),
  customFields: z.array(z.object({ key: z.string().min(1, 'Enter a key') })).min(1, 'Add a custom field'),
});

const item = (pointer: string | undefined, detail: string): ErrorItem => ({
  status: '400',
  code: 'validation_failed',
  title: 'Invalid',
  detail,
  ...(pointer === undefined ? {} : { source: { pointer } }),
});

/**
 * A small form with the kit's fields; `showError` plays a refused request, and the alert lists what is left.
 */
function TestForm({ refusal, status = 400 }: { refusal: ErrorItem[]; status?: number }) {
  const form = useZodForm(schema, {
    defaultValues: { productCode: 'SKU-1', note: '', customFields: [{ key: 'color' }] },
  });
  const [withNote, setWithNote] = useState(true);
  const [left, setLeft] = useState<string[]>([]);
  return (
    <MantineProvider>
      <Form form={form} onSubmit={() => {}} aria-label="Test">
        <TextField name="productCode" label="Product code" />
        {withNote ? <TextField name="note" label="Note" /> : null}
        <TextField name="customFields.0.key" alsoShowsErrorOf="customFields.0" label="Custom field 1 key" />
        <ListError name="customFields" />
        <button type="submit">Save</button>
      </Form>
      <button type="button" onClick={() => setWithNote(false)}>
        Hide the note
      </button>
      <button type="button" onClick={() => setLeft(showServerErrors(form, new ApiError(status, refusal)))}>
        Refuse
      </button>
      <output aria-label="Left for the alert">{left.join(' | ')}</output>
    </MantineProvider>
  );
}

const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const description = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('pointerToFieldName', () => {
  it('turns a JSON pointer into a react-hook-form path', () => {
    expect(pointerToFieldName('/productAttributes/0/key')).toBe('productAttributes.0.key');
    expect(pointerToFieldName('/a~1b/c~0d')).toBe('a/b.c~d');
  });
});

describe('a field of the kit', () => {
  it('shows the schema’s message for its value, bound to the input, and moves focus to it', async () => {
    render(<TestForm refusal={[]} />);
    fireEvent.change(textbox('Product code'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a product code')).toBeTruthy();
    expect(textbox('Product code').getAttribute('aria-invalid')).toBe('true');
    expect(description(textbox('Product code'))).toBe('Enter a product code');
    expect(document.activeElement).toBe(textbox('Product code'));
    expect(textbox('Note').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('that speaks for its group shows the group’s error when it has none of its own', async () => {
    render(<TestForm refusal={[item('/customFields/0', 'Row refused')]} />);
    fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Row refused')).toBeTruthy();
    expect(description(textbox('Custom field 1 key'))).toBe('Row refused');
  });
});

describe('showServerErrors', () => {
  it('puts errors on the fields their pointers name, PascalCase included, and focuses the first', async () => {
    render(
      <TestForm
        refusal={[
          item('/Note', 'Note too long'),
          item('/productCode', 'Code exists'),
          item('/productCode', 'Code also odd'),
          item('/CustomFields/0/Key', 'Unknown key'),
          item('/customFields', 'Too many custom fields'),
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    expect(await screen.findByText('Code exists')).toBeTruthy();
    expect(description(textbox('Note'))).toBe('Note too long');
    expect(description(textbox('Custom field 1 key'))).toBe('Unknown key');
    expect(screen.getByRole('alert').textContent).toBe('Too many custom fields');
    expect(document.activeElement).toBe(textbox('Note'));
    // One message per field: the second one for the code is neither shown nor left for the alert.
    expect(screen.queryByText('Code also odd')).toBeNull();
    expect(screen.getByRole('status', { name: 'Left for the alert' }).textContent).toBe('');
    expect(textbox('Product code').value).toBe('SKU-1');
  });

  it('leaves for the alert what names no field the form shows right now', async () => {
    render(
      <TestForm
        refusal={[
          item(undefined, 'Upstream down'),
          item('/nowhere', 'Odd'),
          item('/customFields/1/key', 'No such row'),
          item('/note', 'Note too long'),
        ]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Hide the note' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    });
    expect(screen.getByRole('status', { name: 'Left for the alert' }).textContent).toBe(
      'Upstream down | Odd | No such row | Note too long',
    );
    expect(textbox('Product code').getAttribute('aria-invalid')).not.toBe('true');
  });

  it('says a failure of the server in plain words, its own words last, and still marks the fields', async () => {
    render(
      <TestForm
        status={500}
        refusal={[item('/note', 'Note refused'), item(undefined, 'Update failed upstream')]}
      />,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    });
    expect(description(textbox('Note'))).toBe('Note refused');
    expect(screen.getByRole('status', { name: 'Left for the alert' }).textContent).toBe(
      'The server ran into a problem of its own; what you entered is not the cause. Try again in a few minutes, and if it keeps failing, tell whoever runs the console. Details: Update failed upstream',
    );
  });

  it('says the server could not be reached when no answer came', async () => {
    render(<TestForm status={0} refusal={[item(undefined, 'Check your connection and try again.')]} />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Refuse' }));
    });
    expect(screen.getByRole('status', { name: 'Left for the alert' }).textContent).toBe(
      "The console's server could not be reached: check your connection, then try again.",
    );
  });
});
