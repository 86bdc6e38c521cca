// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxConsoleConfig } from '@/testing/console-config';
import { emptyProductFormValues, type ProductFormValues } from '../model/product-form-schema';
import { AttributeEditor } from './attribute-editor';
import { CustomFieldEditor } from './custom-field-editor';

afterEach(cleanup);

function InForm({ children }: { children: ReactNode }) {
  const form = useForm<ProductFormValues>({ defaultValues: emptyProductFormValues() });
  return (
    <MantineProvider>
      <FormProvider {...form}>{children}</FormProvider>
    </MantineProvider>
  );
}

const button = (name: string) => screen.getByRole('button', { name });
const keySelect = (number: number) =>
  screen.getByRole('combobox', { name: `Attribute ${number} key` }) as HTMLSelectElement;

describe('AttributeEditor', () => {
  it('focuses the key of a row it adds', async () => {
    render(
      <InForm>
        <AttributeEditor config={sandboxConsoleConfig} />
      </InForm>,
    );
    fireEvent.click(button('Add attribute'));
    await waitFor(() => expect(document.activeElement).toBe(keySelect(1)));
    fireEvent.click(button('Add attribute'));
    await waitFor(() => expect(document.activeElement).toBe(keySelect(2)));
  });

  it('suggests a key no row has chosen yet, following what was selected', async () => {
    render(
      <InForm>
        <AttributeEditor config={sandboxConsoleConfig} />
      </InForm>,
    );
    fireEvent.click(button('Add attribute'));
    expect(keySelect(1).value).toBe('SN');
    fireEvent.change(keySelect(1), { target: { value: 'LOT' } });
    fireEvent.click(button('Add attribute'));
    expect(keySelect(2).value).toBe('SN');
  });

  it('moves focus to the row that took the removed one’s place, then to Add when none is left', async () => {
    render(
      <InForm>
        <AttributeEditor config={sandboxConsoleConfig} />
      </InForm>,
    );
    fireEvent.click(button('Add attribute'));
    fireEvent.click(button('Add attribute'));
    fireEvent.click(button('Remove attribute 1'));
    await waitFor(() => expect(document.activeElement).toBe(keySelect(1)));
    expect(keySelect(1).value).toBe('LOT');
    fireEvent.click(button('Remove attribute 1'));
    await waitFor(() => expect(document.activeElement).toBe(button('Add attribute')));
  });
});

describe('CustomFieldEditor', () => {
  it('focuses a new row’s key, and after a removal the last row’s key or Add', async () => {
    render(
      <InForm>
        <CustomFieldEditor />
      </InForm>,
    );
    const key = (number: number) => screen.getByRole('textbox', { name: `Custom field ${number} key` });
    fireEvent.click(button('Add custom field'));
    await waitFor(() => expect(document.activeElement).toBe(key(1)));
    fireEvent.click(button('Add custom field'));
    await waitFor(() => expect(document.activeElement).toBe(key(2)));
    fireEvent.click(button('Remove custom field 2'));
    await waitFor(() => expect(document.activeElement).toBe(key(1)));
    fireEvent.click(button('Remove custom field 1'));
    await waitFor(() => expect(document.activeElement).toBe(button('Add custom field')));
  });
});
