import { Badge, Button, Group, Text } from '@mantine/core';
import { roleLabels } from '@/contract/access';
import { useSession } from '@/lib/session';
import { useSignOut } from '../api/sign-out';

/** Who is signed in, with their role, and the way out. An open console says it has no sign-in. */
export function AccountMenu({ onSignedOut }: { onSignedOut: () => void }) {
  const { mode, user } = useSession();
  const signOut = useSignOut({ onSuccess: onSignedOut });
  if (mode === 'open' || user === null) {
    return (
      <Badge
        variant="outline"
        color="gray"
        title="No accounts yet: anyone on this machine can use the console"
      >
        No sign-in
      </Badge>
    );
  }
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" visibleFrom="md" aria-label={`Signed in as ${user.name}, ${roleLabels[user.role]}`}>
        {user.name} · {roleLabels[user.role]}
      </Text>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={() => signOut.mutate()}
        aria-busy={signOut.isPending}
      >
        Sign out
      </Button>
    </Group>
  );
}
