import { Stack, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { RequiredFieldsNote } from '@/components/form/required-fields-note';
import { useConsoleConfig } from '@/lib/get-console-config';
import { useSuggestedReturnReference } from '../api/get-suggested-return-reference';
import { ReturnForm } from './return-form';

/** A new return; `originalOrder` when started from that order's page. */
export function ReturnCreatePage({ originalOrder }: { originalOrder?: string }) {
  const config = useConsoleConfig();
  const navigate = useNavigate();
  const suggestedReference = useSuggestedReturnReference();
  return (
    <Stack gap="md">
      <Title order={1}>New return</Title>
      <RequiredFieldsNote />
      <ReturnForm
        warehouses={config.warehouses}
        suggestedReference={suggestedReference}
        originalOrder={originalOrder}
        onCreated={(receive) =>
          navigate({
            to: '/returns/$reference',
            params: { reference: receive.primaryReference },
            ignoreBlocker: true,
          })
        }
        onCancel={() => navigate({ to: '/returns' })}
      />
    </Stack>
  );
}
