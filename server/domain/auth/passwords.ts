import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): slow enough to hurt guessing, fast enough for a login.
const OPTIONS = { algorithm: 2 /* Argon2id; the enum is a const enum tsc cannot import here */, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * A hash of a password nobody has, verified when the email is unknown, so an unknown email takes
 * as long as a wrong password and the two answers cannot be told apart by timing.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword('decoy-password-never-used');
  return decoy;
}
