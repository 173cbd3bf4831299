// The API key's shape, without zod (decision 049): the account contracts (contracts/account.ts)
// and the dashboard's first load share it.
export const API_KEY_LENGTH = 32;
export const API_KEY_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
