import { Badge, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ConsoleConfig } from '../contract/console-config';
import { getConsoleConfigQueryOptions } from '../lib/get-console-config';

export function environmentLabel(config: ConsoleConfig): string {
  if (config.mode === 'sandbox') return 'Sandbox';
  const host = config.upstreamHost ?? 'upstream';
  return config.organization ? `${host} · ${config.organization}` : host;
}

/** Says at a glance whether actions reach the embedded sandbox or the operator's real service. */
export function EnvironmentBadge() {
  const { data, isPending, isError } = useQuery(getConsoleConfigQueryOptions());
  if (isPending) return <Skeleton height={22} width={90} radius="xl" aria-label="Loading environment" />;
  if (isError) {
    return (
      <Badge color="red" variant="light" title="The server did not say which warehouse service it uses">
        Environment unknown
      </Badge>
    );
  }
  const sandbox = data.mode === 'sandbox';
  return (
    <Badge
      color={sandbox ? 'orange' : 'blue'}
      variant="light"
      size="lg"
      title={
        sandbox
          ? 'Data lives in the embedded sandbox, not at the warehouse'
          : 'Connected to the operator’s service'
      }
      tt="none"
    >
      {environmentLabel(data)}
    </Badge>
  );
}
