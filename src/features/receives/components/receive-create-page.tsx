import { Stack, Title } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { RequiredFieldsNote } from '@/components/form/required-fields-note';
import { useConsoleConfig } from '@/lib/get-console-config';
import { receiveKindWords } from '../model/receive-kind';
import { ReceiveForm } from './receive-form';

const words = receiveKindWords.receives;

export function ReceiveCreatePage() {
  const config = useConsoleConfig();
  const navigate = useNavigate();
  return (
    <Stack gap="md">
      <Title order={1}>New {words.singular}</Title>
      <RequiredFieldsNote />
      <ReceiveForm
        warehouses={config.warehouses}
        onCreated={(receive) =>
          navigate({
            to: words.detailPath,
            params: { reference: receive.primaryReference },
            ignoreBlocker: true,
          })
        }
        onCancel={() => navigate({ to: words.listPath })}
      />
    </Stack>
  );
}
