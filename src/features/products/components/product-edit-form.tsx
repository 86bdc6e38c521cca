import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table';
import { Form } from '@/components/form/form';
import { FormFailureAlert } from '@/components/form/form-alert';
import { useZodForm } from '@/components/form/use-zod-form';
import { KeyValueList } from '@/components/key-value-list';
import { ButtonLink } from '@/components/router-links';
import type { ConsoleConfig } from '@/contract/console-config';
import type { Product } from '@/contract/product';
import { aneRuleFor, attributePacket } from '@/contract/product-rules';
import { useUpdateProduct } from '../api/update-product';
import { attributeLabel } from '../model/attribute-labels';
import { changedProductFields } from '../model/product-changes';
import {
  type ProductEditOutput,
  productEditFormSchema,
  productToEditValues,
} from '../model/product-form-schema';
import { AneWarning } from './ane-warning';
import { attributeFlagColumns } from './attribute-flag-columns';
import { ProductEditableFields } from './product-fields';

function ReadOnlyMembers({ product, config }: { product: Product; config: ConsoleConfig }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="fixed-heading">
      <Title order={2} size="h4" id="fixed-heading">
        Fixed at creation
      </Title>
      <Text size="sm" c="dimmed">
        The warehouse service does not let these change: the product code identifies the product on every
        order and receive, and attributes and custom fields are set once when the product is created. To
        change them, create a new product.
      </Text>
      <KeyValueList
        items={[
          { label: 'Product code', value: product.productCode },
          {
            label: 'Attributes',
            value: product.productAttributes.length
              ? product.productAttributes.map((attribute) => attributeLabel(config, attribute.key)).join(', ')
              : 'None',
          },
          {
            label: 'Custom fields',
            value: product.customFields.length
              ? product.customFields.map((field) => `${field.key}: ${field.value}`).join(', ')
              : 'None',
          },
        ]}
      />
      <DataTable
        caption="Attribute flags"
        columns={[
          {
            key: 'attribute',
            header: 'Attribute',
            cell: (attribute) => attributeLabel(config, attribute.key),
          },
          ...attributeFlagColumns,
        ]}
        rows={product.productAttributes}
        rowKey={(attribute) => attribute.key}
        scrollOnPhone
        empty={null}
      />
    </Stack>
  );
}

type ProductEditFormProps = {
  product: Product;
  config: ConsoleConfig;
  onSaved: (product: Product) => void;
};

/** Sends only what changed; the update endpoint is beta at the operator, which the error says. */
export function ProductEditForm({ product, config, onSaved }: ProductEditFormProps) {
  const schema = useMemo(
    () => productEditFormSchema(product, attributePacket(config), aneRuleFor(config.mode)),
    [product, config],
  );
  const form = useZodForm(schema, { defaultValues: productToEditValues(product) });
  const [nothingChanged, setNothingChanged] = useState(false);
  const updateProduct = useUpdateProduct({ onSuccess: onSaved });

  async function submit(values: ProductEditOutput) {
    const changes = changedProductFields(product, values);
    setNothingChanged(Object.keys(changes).length === 0);
    if (Object.keys(changes).length === 0) return;
    await updateProduct.mutateAsync({ id: product.id, changes });
  }

  return (
    <Stack gap="xl">
      <Form
        form={form}
        onSubmit={submit}
        guardUnsavedChanges
        aria-label={`Edit product ${product.productCode}`}
      >
        <Stack gap="lg">
          <FormFailureAlert title="The product was not saved" orFieldsMarked>
            <Text size="sm" mt="xs">
              Product updates are a beta feature of the warehouse service and may fail unexpectedly; if they
              keep failing, the change may need to wait.
            </Text>
          </FormFailureAlert>
          {nothingChanged ? (
            <Alert color="blue" title="Nothing to save" role="status">
              No field differs from the stored product, so nothing was sent.
            </Alert>
          ) : null}
          <ProductEditableFields
            pickModeNote={
              config.mode === 'upstream' && product.pickMode !== 'ANE' ? (
                <AneWarning packet={attributePacket(config)} storedAttributes={product.productAttributes} />
              ) : null
            }
          />
          <Group>
            <Button type="submit" loading={updateProduct.isPending}>
              Save changes
            </Button>
            <ButtonLink variant="default" to="/products/$productId" params={{ productId: product.id }}>
              Cancel
            </ButtonLink>
          </Group>
        </Stack>
      </Form>
      <ReadOnlyMembers product={product} config={config} />
    </Stack>
  );
}
