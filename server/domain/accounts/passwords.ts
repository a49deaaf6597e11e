import { dictionary } from '@zxcvbn-ts/language-common';
import { passwordProblem, type PasswordProblem } from '../../../contract/accounts.ts';

/**
 * The most common passwords, refused for new passwords (NIST SP 800-63B: "passwords obtained from
 * previous breach corpuses"). The list is zxcvbn-ts's `passwords-common` (@zxcvbn-ts/language-common,
 * MIT), a maintained frequency-ranked list of about 49,000 passwords from public breach corpora, the
 * one zxcvbn's strength estimate is built on. Compared lowercased: "Password1" is as common as
 * "password1" to a guesser.
 */
let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Why a new password is refused, or null: too short, too long, or one of the most common. */
export function newPasswordProblem(password: string): PasswordProblem | 'password_common' | null {
  return passwordProblem(password) ?? (isCommonPassword(password) ? 'password_common' : null);
}
