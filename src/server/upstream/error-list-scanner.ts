const quote = 0x22;
const backslash = 0x5c;
const colon = 0x3a;
const openBrace = 0x7b;
const closeBrace = 0x7d;
const openBracket = 0x5b;
const closeBracket = 0x5d;

const errorsKey = Buffer.from('errors');

/**
 * Follows a JSON envelope byte by byte as it arrives and notes where the items of its top-level `errors`
 * array lie, so that an answer with thousands of problems can be cut to its first `keep` without being
 * parsed whole: JSON.parse of a large envelope holds the event loop as long as it reads, while this costs
 * little per chunk as the chunks come in. It only tracks structure (strings, nesting);
 * what it keeps is parsed afterwards, which checks the rest.
 */
export class ErrorListScanner {
  /** How many items of the errors array have been seen. */
  count = 0;
  private offset = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The top-level string being read, while it could still be the key `errors`. */
  private keyBytes: number[] | null = null;
  private lastTopLevelString: 'errors' | 'other' = 'other';
  private memberIsErrors = false;
  private list: 'before' | 'inside' | 'after' = 'before';
  private keptEnd = -1;
  private listEnd = -1;

  constructor(private readonly keep: number) {}

  scan(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i] as number;
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === backslash) this.escaped = true;
        else if (byte === quote) this.endString();
        else if (this.keyBytes !== null) {
          this.keyBytes.push(byte);
          if (this.keyBytes.length > errorsKey.length) this.keyBytes = null;
        }
        if (this.escaped) this.keyBytes = null;
        continue;
      }
      switch (byte) {
        case quote:
          this.inString = true;
          this.keyBytes = this.depth === 1 ? [] : null;
          break;
        case colon:
          // Every top-level value follows a colon, so this is decided afresh for each member.
          if (this.depth === 1) this.memberIsErrors = this.lastTopLevelString === 'errors';
          break;
        case openBracket:
        case openBrace:
          if (this.depth === 1 && byte === openBracket && this.memberIsErrors && this.list === 'before')
            this.list = 'inside';
          this.depth += 1;
          break;
        case closeBrace:
        case closeBracket:
          this.depth -= 1;
          if (this.list === 'inside' && this.depth === 2 && byte === closeBrace) {
            this.count += 1;
            if (this.count === this.keep) this.keptEnd = this.offset + i + 1;
          } else if (this.list === 'inside' && this.depth === 1) {
            this.list = 'after';
            this.listEnd = this.offset + i;
          }
          break;
      }
    }
    this.offset += chunk.length;
  }

  /** `bytes` (all that was scanned) without the errors past the first `keep`; as they are when none. */
  keptPart(bytes: Buffer): Buffer {
    if (this.count <= this.keep || this.keptEnd < 0 || this.listEnd < 0) return bytes;
    return Buffer.concat([bytes.subarray(0, this.keptEnd), bytes.subarray(this.listEnd)]);
  }

  private endString() {
    this.inString = false;
    if (this.depth !== 1) return;
    this.lastTopLevelString =
      this.keyBytes !== null && errorsKey.equals(Buffer.from(this.keyBytes)) ? 'errors' : 'other';
    this.keyBytes = null;
  }
}
