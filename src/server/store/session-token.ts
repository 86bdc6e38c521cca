import { createHash, randomBytes } from 'node:crypto';

export const newSessionToken = () => randomBytes(32).toString('base64url');

/** Only a hash of a session token is stored: a copy of the database opens no session. */
export const sessionTokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');
