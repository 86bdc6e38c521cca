import { createFileRoute, redirect } from '@tanstack/react-router';

/** The audit log's earlier address: bookmarks and links made before it was named so still arrive. */
export const Route = createFileRoute('/activity')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/audit-log', search, replace: true });
  },
});
