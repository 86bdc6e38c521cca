import { Text } from '@mantine/core';
import type { ProductDescriptions } from '@/lib/get-product-descriptions';

/**
 * A product code with its description beside it, "TAB-12-256 · Tablet 12in 256GB", so a line reads without
 * knowing the catalogue by heart; a code the index does not know stays a code.
 */
export function ProductWithDescription({
  code,
  descriptions,
}: {
  code: string;
  descriptions: ProductDescriptions;
}) {
  const description = descriptions.get(code);
  return (
    <>
      {code}
      {description ? (
        <Text span inherit fw={400} data-testid="product-description">
          {' · '}
          {description}
        </Text>
      ) : null}
    </>
  );
}
