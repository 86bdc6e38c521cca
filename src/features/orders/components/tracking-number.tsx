import { ActionIcon, Anchor, CopyButton, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { carrierInWords, carrierTrackingUrl } from '../model/carrier-tracking-url';

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

/** A tracking number with a copy button and, when the carrier has one, a link to its tracking page. */
export function TrackingNumber({
  carrierCode,
  trackingNumber,
}: {
  carrierCode?: string;
  trackingNumber: string;
}) {
  const url = carrierTrackingUrl(carrierCode, trackingNumber);
  return (
    <Group gap="xs" wrap="wrap">
      <Text ff="monospace" span style={{ overflowWrap: 'anywhere' }}>
        {trackingNumber}
      </Text>
      <CopyButton value={trackingNumber} timeout={2500}>
        {({ copied, copy }) => (
          <>
            <Tooltip label="Copy tracking number" withArrow>
              {/* 44 px: a finger's width, on a phone as anywhere. */}
              <ActionIcon
                size="xl"
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
          Track on the {carrierInWords(carrierCode)} site
          <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
        </Anchor>
      ) : null}
    </Group>
  );
}
