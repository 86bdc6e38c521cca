import { NotFoundMessage } from '@/components/not-found-message';

/** An address no route matches. */
export function NotFoundPage() {
  return (
    <NotFoundMessage
      what="Page"
      explanation="Nothing lives at this address. It may have been mistyped, or the record may not exist."
      back={{ to: '/', label: 'the start page' }}
    />
  );
}
