import { Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { AllFields } from '@/components/all-fields';
import { DataTable } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { KeyValueList } from '@/components/key-value-list';
import { LocalTime } from '@/components/local-time';
import { RecordActivity } from '@/components/record-activity';
import { RecordHeading } from '@/components/record-heading';
import { ButtonLink } from '@/components/router-links';
import type { ConsoleConfig } from '@/contract/console-config';
import type { Product } from '@/contract/product';
import { formatDimensions, formatWeight } from '@/domain/code-words';
import { formatPrice } from '@/domain/format';
import { useCan } from '@/lib/session';
import { attributeLabel, pickModeExplanations } from '../model/attribute-labels';
import { attributeFlagColumns } from './attribute-flag-columns';
import { ProductStock } from './product-stock';

export function ProductDetails({ product, config }: { product: Product; config: ConsoleConfig }) {
  const mayEdit = useCan('products.write');
  const pickMode = product.pickMode === 'ANE' || product.pickMode === 'ASP' ? product.pickMode : undefined;
  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-start">
        <div>
          <Text size="sm" c="dimmed">
            Product
          </Text>
          <RecordHeading>{product.productCode}</RecordHeading>
          <Text size="lg">{product.productDescription}</Text>
        </div>
        {mayEdit ? (
          <ButtonLink to="/products/$productId/edit" params={{ productId: product.id }}>
            Edit product
          </ButtonLink>
        ) : null}
      </Group>

      <Stack gap="sm" component="section" aria-labelledby="product-facts">
        <Title order={2} size="h4" id="product-facts">
          Details
        </Title>
        <KeyValueList
          items={[
            { label: 'Unit', value: product.productUnit },
            { label: 'Unit price', value: formatPrice(product.unitPrice, product.unitPriceCurrency) },
            {
              label: 'Pick mode',
              value: pickMode ? (
                <span title={pickModeExplanations[pickMode].description}>
                  {pickModeExplanations[pickMode].label}
                </span>
              ) : (
                product.pickMode
              ),
            },
            {
              label: 'Size (H × W × D)',
              value: formatDimensions(
                [product.dimHeight, product.dimWidth, product.dimDepth],
                product.dimUnit,
              ),
            },
            { label: 'Weight', value: formatWeight(product.weightPerProduct, product.weightPerProductUnit) },
            { label: 'Client product code', value: product.clientProductCode },
            { label: 'Client description', value: product.clientProductDescription },
            { label: 'Client unit', value: product.clientProductUnit },
            { label: 'Created', value: product.dateCreated ? <LocalTime value={product.dateCreated} /> : '' },
            {
              label: 'Last updated',
              value: product.dateLastUpdated ? <LocalTime value={product.dateLastUpdated} /> : '',
            },
            {
              label: 'Warehouse id',
              value: (
                <Text ff="monospace" size="sm">
                  {product.id}
                </Text>
              ),
            },
          ]}
        />
      </Stack>

      <Stack gap="sm" component="section" aria-labelledby="product-attributes">
        <Title order={2} size="h4" id="product-attributes">
          Attributes
        </Title>
        <DataTable
          label="Attributes"
          columns={[
            {
              key: 'attribute',
              header: 'Attribute',
              cell: (attribute) => (
                <>
                  {attributeLabel(config, attribute.key)}
                  {attribute.key === config.serialKey ? (
                    <Badge ml="xs" variant="light" tt="none">
                      serial number
                    </Badge>
                  ) : null}
                </>
              ),
            },
            ...attributeFlagColumns,
          ]}
          rows={product.productAttributes}
          rowKey={(attribute) => attribute.key}
          scrollOnPhone
          empty={
            <EmptyState
              headingLevel={3}
              title="No attributes"
              description="The warehouse records no per-item values for this product."
            />
          }
        />
      </Stack>

      <Suspense fallback={<Skeleton height={120} aria-label="Loading the stock" />}>
        <ProductStock productCode={product.productCode} />
      </Suspense>

      <Stack gap="sm" component="section" aria-labelledby="product-custom-fields">
        <Title order={2} size="h4" id="product-custom-fields">
          Custom fields
        </Title>
        {product.customFields.length === 0 ? (
          <Text c="dimmed">None.</Text>
        ) : (
          <KeyValueList
            items={product.customFields.map((field) => ({ label: field.key, value: field.value }))}
          />
        )}
      </Stack>
      <AllFields record={product} label={`product ${product.productCode}`} />
      <RecordActivity kind="product" reference={product.productCode} />
    </Stack>
  );
}
