// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '@/lib/api-error';
import { Form } from './form';
import { FormFailureAlert } from './form-alert';
import { TextField } from './registered-fields';
import { useZodForm } from './use-zod-form';

afterEach(cleanup);

const schema = z.object({ code: z.string().min(1, 'Enter a code'), note: z.string() });

/** A form whose submission does what `send` does, with the alert as forms place it. */
function TestForm({ send, orFieldsMarked }: { send: () => Promise<unknown>; orFieldsMarked?: boolean }) {
  const form = useZodForm(schema, { defaultValues: { code: 'SKU-1', note: 'keep me' } });
  return (
    <MantineProvider>
      <Form form={form} onSubmit={send} aria-label="Test">
        <FormFailureAlert title="Not saved" orFieldsMarked={orFieldsMarked} />
        <TextField name="code" label="Code" />
        <TextField name="note" label="Note" />
        <button type="submit">Save</button>
      </Form>
    </MantineProvider>
  );
}

const problem = (detail: string, pointer?: string) => ({
  status: '400',
  code: 'validation_failed',
  title: 'Invalid',
  detail,
  ...(pointer ? { source: { pointer } } : {}),
});
const refusal = new ApiError(400, [problem('Code taken', '/code'), problem('Warehouse closed')]);
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
const textbox = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('Form', () => {
  it('puts a refusal on its fields and the rest in the alert, keeps the entries, and clears both when a save goes through', async () => {
    let answer: () => Promise<unknown> = () => Promise.reject(refusal);
    render(<TestForm send={() => answer()} />);
    save();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Not saved');
    expect(alert.textContent).toContain('Warehouse closed');
    expect(alert.textContent).toContain('Your entries are kept in the form.');
    expect(alert.textContent).not.toContain('Code taken');
    expect(textbox('Code').getAttribute('aria-invalid')).toBe('true');
    expect(textbox('Note').value).toBe('keep me');

    answer = () => Promise.resolve();
    save();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(textbox('Code').getAttribute('aria-invalid')).not.toBe('true');
  });

  it("says an Error's own words when a submission throws one", async () => {
    render(
      <TestForm
        send={async () => {
          throw new Error('Another return was made meanwhile.');
        }}
      />,
    );
    save();
    expect((await screen.findByRole('alert')).textContent).toContain('Another return was made meanwhile.');
  });

  it('says nothing above the fields when the server only marked fields, unless asked to point at them', async () => {
    const onField = new ApiError(400, [problem('Code taken', '/code')]);
    const { unmount } = render(<TestForm send={() => Promise.reject(onField)} />);
    save();
    await waitFor(() => expect(textbox('Code').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();

    render(<TestForm send={() => Promise.reject(onField)} orFieldsMarked />);
    save();
    expect((await screen.findByRole('alert')).textContent).toContain('See the fields marked below.');
  });
});
