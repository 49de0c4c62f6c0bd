/** The ledger's account names live beside the ledger schema; services import them from here. */
export { ledgerAccount } from "@market/db";
