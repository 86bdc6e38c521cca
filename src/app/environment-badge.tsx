import { Badge, Skeleton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ConsoleConfig } from '@/contract/console-config';
import { consoleConfigQueryKey } from '@/lib/console-config-query-key';

// The request code (and zod with it) loads after the first paint: the badge is not worth its weight there.
const loadConsoleConfig = () =>
  import('@/lib/get-console-config').then((module) => module.getConsoleConfig());

export function environmentLabel(config: ConsoleConfig): string {
  if (config.mode === 'sandbox') return 'Sandbox';
  const host = config.upstreamHost ?? 'upstream';
  return config.organization ? `${host} · ${config.organization}` : host;
}

/** Says at a glance whether actions reach the embedded sandbox or the operator's real service. */
export function EnvironmentBadge() {
  const { data, isPending, isError } = useQuery({
    queryKey: consoleConfigQueryKey,
    queryFn: loadConsoleConfig,
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (isPending) return <Skeleton height={22} width={90} radius="xl" aria-label="Loading environment" />;
  if (isError) {
    return (
      <Badge
        color="red"
        variant="light"
        tt="none"
        title="The server did not say which warehouse service it uses"
      >
        Environment unknown
      </Badge>
    );
  }
  const sandbox = data.mode === 'sandbox';
  return (
    <Badge
      // Yellow with black text and deep blue with white both stay above 4.5:1 in either scheme.
      color={sandbox ? 'yellow.4' : 'blue.9'}
      c={sandbox ? 'black' : 'white'}
      variant="filled"
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
