import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Fieldset, Group, Stack, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { FormProvider, type Resolver, useForm } from 'react-hook-form';
import { ButtonLink } from '../../../components/router-links';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import type { ConsoleConfig } from '../../../contract/console-config';
import { limits } from '../../../contract/limits';
import type { Product, ProductCreate } from '../../../contract/product';
import { applyServerErrors } from '../../../lib/form-errors';
import { useCreateProduct } from '../api/create-product';
import { isProductFormField } from '../model/product-form-fields';
import {
  emptyProductFormValues,
  type ProductFormValues,
  productCreateFormSchema,
} from '../model/product-form-schema';
import { AttributeEditor } from './attribute-editor';
import { CustomFieldEditor } from './custom-field-editor';
import { FormAlert } from './form-alert';
import { ProductEditableFields } from './product-fields';

type ProductCreateFormProps = {
  config: ConsoleConfig;
  onCreated: (product: Product) => void;
};

export function ProductCreateForm({ config, onCreated }: ProductCreateFormProps) {
  const schema = useMemo(
    () =>
      productCreateFormSchema({
        attributeKeys: config.attributeKeys.map((entry) => entry.key),
        serialKey: config.serialKey,
      }),
    [config],
  );
  const form = useForm<ProductFormValues, unknown, ProductCreate>({
    resolver: zodResolver(schema) as unknown as Resolver<ProductFormValues, unknown, ProductCreate>,
    defaultValues: emptyProductFormValues(),
  });
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const createProduct = useCreateProduct({ onSuccess: onCreated });

  const submit = form.handleSubmit((product) => {
    setGeneralErrors([]);
    createProduct.mutate(product, {
      onError: (error) => {
        const values = form.getValues();
        setGeneralErrors(
          applyServerErrors(form.setError, error.errors, (name) => isProductFormField(name, values)),
        );
      },
    });
  });

  return (
    <FormProvider {...form}>
      <UnsavedChangesGuard when={form.formState.isDirty} />
      <form onSubmit={submit} noValidate aria-label="New product">
        <Stack gap="lg">
          {generalErrors.length > 0 ? (
            <FormAlert title="The product was not created" messages={generalErrors} />
          ) : null}
          <Fieldset legend="Product code">
            <TextInput
              label="Product code (SKU)"
              description={`Unique, at most ${limits.maxLength.productCode} characters. It cannot be changed later.`}
              withAsterisk
              autoComplete="off"
              {...form.register('productCode')}
              error={form.formState.errors.productCode?.message}
            />
          </Fieldset>
          <ProductEditableFields />
          <Divider />
          <AttributeEditor config={config} />
          <Divider />
          <CustomFieldEditor />
          <Group>
            <Button type="submit" loading={createProduct.isPending}>
              Create product
            </Button>
            <ButtonLink variant="default" to="/products">
              Cancel
            </ButtonLink>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
