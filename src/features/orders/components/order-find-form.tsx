import { Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { BoxMatches } from '@/components/box-matches';
import { PageSearchBox } from '@/components/page-search-box';
import type { SearchPage } from '@/contract/index-search';
import { isApiError } from '@/lib/api-error';
import { focusHeadingState } from '@/lib/heading-focus';
import { matchToOpen, searchOneKind } from '@/lib/search-one-kind';

/**
 * Find orders the way the header search does (case, `#`, signs and spaces forgiven, prefixes too):
 * one match opens, several are listed below the box.
 */
export function OrderFindForm() {
  const navigate = useNavigate();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [listed, setListed] = useState<{ q: string; found: SearchPage } | null>(null);

  async function find() {
    const wanted = reference.trim();
    if (!wanted) {
      setError('Type a reference, web order number, name, email, phone or tracking number');
      return;
    }
    setBusy(true);
    setError(null);
    setListed(null);
    try {
      const found = await searchOneKind('order', wanted);
      const only = matchToOpen(found, wanted);
      if (only) {
        await navigate({
          to: '/orders/$reference',
          params: { reference: only.primaryReference },
          state: focusHeadingState,
        });
      } else if (found.matches.length === 0) {
        setError(
          `No order matches “${wanted}”: try a reference, web order number, name, email, phone or tracking number.`,
        );
      } else {
        setListed({ q: wanted, found });
      }
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : 'The search failed; try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="md">
      <PageSearchBox
        label="Search orders"
        description="A reference or web order number, the customer's name, email or phone, or a tracking number"
        placeholder="For example SO-1001 or #WEB-1174996"
        value={reference}
        onChange={(next) => {
          setReference(next);
          if (error) setError(null);
        }}
        onSearch={() => void find()}
        busy={busy}
        error={error}
      />
      {listed ? <BoxMatches q={listed.q} found={listed.found} what="order" /> : null}
    </Stack>
  );
}
