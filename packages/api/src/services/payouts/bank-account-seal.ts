import { type UsBankAccount, usBankAccount } from "@market/contracts";
import type { TokenCipher } from "../networks/token-cipher";

/**
 * A payout's US bank account at rest (payouts.bank_account): its JSON sealed with the token cipher (AES-256-GCM,
 * networks/token-cipher.ts), as network tokens are, so that account numbers are never in clear in the database.
 */
export function sealBankAccount(cipher: TokenCipher, account: UsBankAccount): string {
  return cipher.encryptToken(JSON.stringify(account));
}

/** The account sealed by sealBankAccount; throws for a value this keyring did not write or one altered since. */
export function openBankAccount(cipher: TokenCipher, sealed: string): UsBankAccount {
  return usBankAccount.parse(JSON.parse(cipher.decryptToken(sealed)));
}
