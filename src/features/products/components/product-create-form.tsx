import { Button, Divider, Fieldset, Group, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { Form } from '@/components/form/form';
import { FormFailureAlert } from '@/components/form/form-alert';
import { TextField } from '@/components/form/registered-fields';
import { useZodForm } from '@/components/form/use-zod-form';
import { ButtonLink } from '@/components/router-links';
import type { ConsoleConfig } from '@/contract/console-config';
import { limits } from '@/contract/limits';
import type { Product } from '@/contract/product';
import { aneRuleFor, attributePacket } from '@/contract/product-rules';
import { useCreateProduct } from '../api/create-product';
import { emptyProductFormValues, productCreateFormSchema } from '../model/product-form-schema';
import { AneWarning } from './ane-warning';
import { AttributeEditor } from './attribute-editor';
import { CustomFieldEditor } from './custom-field-editor';
import { ProductEditableFields } from './product-fields';

type ProductCreateFormProps = {
  config: ConsoleConfig;
  onCreated: (product: Product) => void;
};

export function ProductCreateForm({ config, onCreated }: ProductCreateFormProps) {
  const schema = useMemo(
    () => productCreateFormSchema(attributePacket(config), aneRuleFor(config.mode)),
    [config],
  );
  const form = useZodForm(schema, { defaultValues: emptyProductFormValues() });
  const createProduct = useCreateProduct({ onSuccess: onCreated });

  return (
    <Form
      form={form}
      onSubmit={(product) => createProduct.mutateAsync(product)}
      guardUnsavedChanges
      aria-label="New product"
    >
      <Stack gap="lg">
        <FormFailureAlert title="The product was not created" />
        <Fieldset legend="Product code">
          <TextField
            name="productCode"
            label="Product code (SKU)"
            description={`Unique, at most ${limits.maxLength.productCode} characters. It cannot be changed later.`}
            withAsterisk
            autoComplete="off"
          />
        </Fieldset>
        <ProductEditableFields
          pickModeNote={config.mode === 'upstream' ? <AneWarning packet={attributePacket(config)} /> : null}
        />
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
    </Form>
  );
}
