import { Alert, List, Text } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import type { ProductAttribute } from '@/contract/product';
import type { AttributePacket } from '@/contract/product-rules';
import { aneProblems } from '@/contract/product-rules';

/**
 * Under the pick mode, against the real operator: what the summary's ANE rule would refuse, said as a
 * warning that lets the person save (the operator's own example breaks the rule; its answer decides).
 * `storedAttributes` are the product's own when the form cannot change them (an edit).
 */
export function AneWarning({
  packet,
  storedAttributes,
}: {
  packet: AttributePacket;
  storedAttributes?: readonly Partial<ProductAttribute>[];
}) {
  const pickMode = useWatch({ name: 'pickMode' }) as string | undefined;
  const formAttributes = useWatch({ name: 'productAttributes' }) as Partial<ProductAttribute>[] | undefined;
  const problems = aneProblems(
    { pickMode, productAttributes: storedAttributes ?? formAttributes ?? [] },
    packet,
  ).filter((problem) => problem.path[0] === 'pickMode');
  if (problems.length === 0) return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      title="The warehouse service may refuse this pick mode"
      role="status"
    >
      <List size="sm">
        {problems.map((problem) => (
          <List.Item key={problem.message}>{problem.message}.</List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        The operator's own example differs from this rule, so you can still save: its answer decides.
      </Text>
    </Alert>
  );
}
