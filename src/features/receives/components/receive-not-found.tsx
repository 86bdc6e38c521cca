import { NotFoundMessage } from '@/components/not-found-message';
import { formatNumber } from '@/domain/format';
import { LIST_MAX_RECEIVES } from '../api/list-receives';

export function ReceiveNotFound({ referenceOrId }: { referenceOrId: string }) {
  return (
    <NotFoundMessage
      what="Receive"
      explanation={
        <>
          No receive has the reference or id “{referenceOrId}”. References match whole, in upper or lower
          case; ids are searched among the {formatNumber(LIST_MAX_RECEIVES)} most recently updated receives
          and returns.
        </>
      }
      back={{ to: '/receives', label: 'receives' }}
      searchFor={referenceOrId}
    />
  );
}
