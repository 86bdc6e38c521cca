import { Text } from '@mantine/core';
import type { Order } from '@/contract/order';

/**
 * Who the order is for, right under its heading: the customer's name (or company), email and phone, as
 * text to read out or select. No links: the tracking's copy button stays the page's first control.
 */
export function OrderCustomer({ order }: { order: Order }) {
  const { contact, address } = order.shipToAddress ?? {};
  const name = contact?.personName?.trim() || address?.organization?.trim();
  const phone = contact?.phoneNumber?.trim() || contact?.mobileNumber?.trim();
  const reach = [contact?.emailAddress?.trim(), phone].filter(Boolean);
  if (!name && reach.length === 0) return null;
  return (
    // Text color, not dimmed: the header it sits in is tinted while the order changes live.
    <Text data-testid="order-customer">
      Customer{' '}
      <Text span fw={600}>
        {name || 'not named'}
      </Text>
      {reach.map((value) => (
        <Text span key={value}>
          {' · '}
          {value}
        </Text>
      ))}
    </Text>
  );
}
