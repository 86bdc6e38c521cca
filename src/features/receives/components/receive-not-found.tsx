import { NotFoundMessage } from '../../../components/not-found-message';
import { LIST_MAX_RECEIVES } from '../../../lib/list-receives';
import { type ReceiveKind, receiveKindWords } from '../model/receive-kind';

export function ReceiveNotFound({ kind, referenceOrId }: { kind: ReceiveKind; referenceOrId: string }) {
  const words = receiveKindWords[kind];
  return (
    <NotFoundMessage
      what={kind === 'returns' ? 'Return' : 'Receive'}
      explanation={
        <>
          No {words.singular} has the reference or id “{referenceOrId}”. References match whole, in upper or
          lower case; ids are searched among the {LIST_MAX_RECEIVES.toLocaleString('en-US')} most recently
          updated receives and returns.
        </>
      }
      back={{ to: words.listPath, label: words.plural.toLowerCase() }}
      searchFor={referenceOrId}
    />
  );
}
