/** What a password hashing thread is asked to compute (see password.ts, password-thread.ts). */
export type ScryptTask = {
  password: string;
  salt: Buffer;
  keyLength: number;
  params: { N: number; r: number; p: number; maxmem: number };
};
