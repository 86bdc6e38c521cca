/**
 * A record's reference in its page heading: kept whole (never a last character alone on the next line),
 * moved to a line of its own when it does not fit beside the words, and broken only when it is longer than
 * a whole line, so a phone never scrolls sideways.
 */
export function HeadingReference({ reference }: { reference: string }) {
  return (
    <span style={{ display: 'inline-block', maxWidth: '100%', overflowWrap: 'anywhere' }}>{reference}</span>
  );
}
