import { createHmac } from 'node:crypto';

/**
 * The free credits go to an e-mail address once, not once per account: deleting an account and signing up
 * again with the same address does not give them again. What is kept for that (table
 * `free_credit_addresses`) is a keyed hash of the address, nothing else: no account, no address, no date of
 * anything but the grant. The key derives from the auth secret (AUTH_SECRET or DATA_DIR/auth-secret, shared by
 * every instance), so a copy of the database alone cannot tell whether an address is in it; replacing the
 * secret forgets which addresses were served.
 */

/** Separates this use of the auth secret from its others (session cookies, OAuth state). */
const KEY_CONTEXT = 'questionlegale:free-credit-addresses:v1';

/** The address as compared: Unicode NFC, trimmed, lower case (better-auth stores addresses in lower case). */
export function normaliseAddress(email: string): string {
  return email.normalize('NFC').trim().toLowerCase();
}

/** The hash of an address, for a given auth secret: `hmac-sha256:<hex>`. */
export type AddressHasher = (email: string) => string;

export function createAddressHasher(authSecret: string): AddressHasher {
  const key = createHmac('sha256', authSecret).update(KEY_CONTEXT).digest();
  return (email) => `hmac-sha256:${createHmac('sha256', key).update(normaliseAddress(email)).digest('hex')}`;
}
