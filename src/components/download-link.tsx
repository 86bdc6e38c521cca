import { Button, type ButtonProps, Text } from '@mantine/core';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { fetchFile } from '@/lib/api-client';
import { isApiError } from '@/lib/api-error';

/** Hands a fetched file to the browser to save, as a click on a link with `download` would. */
function save({ blob, name }: { blob: Blob; name: string }): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  anchor.click();
  // The browser has started the download by then; the address is only released.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A link to a file the server makes (an export, a claim packet). A plain click fetches it, shows that it is
 * being made, and saves it; when the server refuses (busy, with when to try again; not allowed) its words
 * show beside the link rather than in a saved file of JSON. A modified click (new tab, save as) is the
 * browser's own.
 */
export function DownloadLink({
  href,
  children,
  size,
}: {
  href: string;
  children: ReactNode;
  size?: ButtonProps['size'];
}) {
  const [state, setState] = useState<{ working: boolean; failure: string | null }>({
    working: false,
    failure: null,
  });
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (state.working) return;
    setState({ working: true, failure: null });
    try {
      save(await fetchFile(href));
      setState({ working: false, failure: null });
    } catch (error) {
      setState({
        working: false,
        failure: isApiError(error) ? error.message : 'The file could not be downloaded. Try again.',
      });
    }
  };
  return (
    <>
      <Button
        component="a"
        variant="default"
        size={size}
        href={href}
        download
        onClick={download}
        loading={state.working}
        aria-busy={state.working}
      >
        {children}
      </Button>
      {state.failure ? (
        <Text role="alert" size="sm" c="red.8">
          {state.failure}
        </Text>
      ) : null}
    </>
  );
}
