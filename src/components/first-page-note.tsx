import { Alert } from '@mantine/core';

/** Said above a cursor list when the listing refused the page in the URL and the first page is shown. */
export function FirstPageNote({ what }: { what: string }) {
  return (
    <Alert color="blue" role="status" title="Showing the first page">
      The page in this link is not one this list can open (the link may be old or edited), so the first page
      of {what} is shown.
    </Alert>
  );
}
