import { NotFoundMessage } from '@/components/not-found-message';

export function OrderNotFound({ reference }: { reference: string }) {
  return (
    <NotFoundMessage
      what="Order"
      explanation={
        <>
          No order has the reference “{reference}”. References match whole; upper or lower case does not
          matter.
        </>
      }
      back={{ to: '/orders', label: 'orders' }}
      searchFor={reference}
    />
  );
}
