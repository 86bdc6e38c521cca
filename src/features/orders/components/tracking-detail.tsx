import { ActionIcon, Anchor, CopyButton, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { KeyValueList } from '../../../components/key-value-list';
import type { TrackingDetail as TrackingDetailData } from '../../../contract/order';
import { carrierTrackingUrl } from '../model/carrier-tracking-url';

function CopyIcon({ copied }: { copied: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      {copied ? (
        <path d="M5 12l5 5L20 7" />
      ) : (
        <>
          <rect x="8" y="8" width="12" height="12" rx="2" />
          <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
        </>
      )}
    </svg>
  );
}

function TrackingNumber({ carrierCode, trackingNumber }: { carrierCode?: string; trackingNumber: string }) {
  const url = carrierTrackingUrl(carrierCode, trackingNumber);
  return (
    <Group gap="xs" wrap="nowrap">
      <Text ff="monospace" span>
        {trackingNumber}
      </Text>
      <CopyButton value={trackingNumber} timeout={2500}>
        {({ copied, copy }) => (
          <>
            <Tooltip label="Copy tracking number" withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={`Copy tracking number ${trackingNumber}`}
              >
                <CopyIcon copied={copied} />
              </ActionIcon>
            </Tooltip>
            {/* Always rendered so screen readers announce the change. */}
            <Text size="sm" c="teal.9" role="status" span>
              {copied ? 'Copied' : ''}
            </Text>
          </>
        )}
      </CopyButton>
      {url ? (
        <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
          Track on the {carrierCode} site<VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Anchor>
      ) : null}
    </Group>
  );
}

/**
 * Carrier, service level and tracking number, with a copy button and the carrier's tracking page when it has
 * one.
 */
export function TrackingDetail({ tracking }: { tracking: TrackingDetailData | null | undefined }) {
  if (!tracking || (!tracking.carrierCode && !tracking.trackingNumber)) {
    return <Text c="dimmed">No tracking yet.</Text>;
  }
  const carrier = [tracking.carrierName, tracking.carrierCode && `(${tracking.carrierCode})`]
    .filter(Boolean)
    .join(' ');
  return (
    <KeyValueList
      items={[
        { label: 'Carrier', value: carrier },
        { label: 'Service level', value: tracking.serviceLevelCode },
        {
          label: 'Tracking number',
          value: tracking.trackingNumber ? (
            <TrackingNumber carrierCode={tracking.carrierCode} trackingNumber={tracking.trackingNumber} />
          ) : (
            '—'
          ),
        },
      ]}
    />
  );
}
