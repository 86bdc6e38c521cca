import { Button, Group, Loader, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { getOrdersByReferenceQueryOptions } from '../api/get-orders-by-reference';

/** Find one order by its primary reference (exact match, as the interface offers) and open it. */
export function OrderFindForm() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function find(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const wanted = reference.trim();
    if (!wanted) {
      setError('Enter the order reference the customer gave you');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const orders = await queryClient.fetchQuery({
        ...getOrdersByReferenceQueryOptions(wanted),
        staleTime: 0,
      });
      if (orders.length === 0) {
        setError(
          `No order has the reference ${wanted}. References match whole; upper or lower case does not matter.`,
        );
        return;
      }
      await navigate({ to: '/orders/$reference', params: { reference: wanted } });
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : 'The search failed; try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <search>
      <form onSubmit={find} aria-label="Find an order" noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            label="Order reference"
            placeholder="Primary reference, for example SO-1001"
            value={reference}
            onChange={(event) => {
              setReference(event.currentTarget.value);
              if (error) setError(null);
            }}
            error={error}
            autoComplete="off"
            style={{ flex: '1 1 280px', maxWidth: 420 }}
          />
          {/* Busy without `loading`: that disables the button, and focus on it would drop to the page. */}
          <Button
            type="submit"
            mt={25}
            aria-busy={busy}
            rightSection={busy ? <Loader size={14} color="var(--button-color)" aria-hidden /> : null}
          >
            Find order
          </Button>
        </Group>
      </form>
    </search>
  );
}
