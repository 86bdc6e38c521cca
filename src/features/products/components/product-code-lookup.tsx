import { useState } from 'react';
import { PageSearchBox } from '@/components/page-search-box';

/** Find products by code or description, forgiving case and signs; an empty box goes back to the recent list. */
export function ProductCodeLookup({
  initialCode,
  onLookup,
}: {
  initialCode: string;
  onLookup: (code: string) => Promise<void>;
}) {
  const [code, setCode] = useState(initialCode);
  const [busy, setBusy] = useState(false);
  async function search() {
    setBusy(true);
    try {
      await onLookup(code.trim());
    } finally {
      setBusy(false);
    }
  }
  return (
    <PageSearchBox
      label="Search products"
      description="A product code or the start of one, or words of its description; case does not matter."
      placeholder="For example TEE-ORG-BLK-M or tee black"
      value={code}
      onChange={setCode}
      onSearch={() => void search()}
      busy={busy}
    />
  );
}
