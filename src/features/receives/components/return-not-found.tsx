import { NotFoundMessage } from '@/components/not-found-message';
import { LIST_MAX_RECEIVES } from '../api/list-receives';

export function ReturnNotFound({ referenceOrId }: { referenceOrId: string }) {
  return (
    <NotFoundMessage
      what="Return"
      explanation={
        <>
          No return has the reference or id “{referenceOrId}”. References match whole, in upper or lower case;
          ids are searched among the {LIST_MAX_RECEIVES.toLocaleString('en-US')} most recently updated
          receives and returns.
        </>
      }
      back={{ to: '/returns', label: 'returns' }}
      searchFor={referenceOrId}
    />
  );
}
