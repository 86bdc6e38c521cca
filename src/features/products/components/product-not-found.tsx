import { NotFoundMessage } from '@/components/not-found-message';

export function ProductNotFound() {
  return (
    <NotFoundMessage
      what="Product"
      explanation={
        <>The warehouse service knows no product with this id. It may belong to another organization.</>
      }
      back={{ to: '/products', label: 'products' }}
    />
  );
}
