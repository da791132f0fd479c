// Cheaper password hashing for the browser tests too, as for the backend's (see
// services/command/src/auth/password.ts): they register and sign in through the app dozens of
// times, and at the full cost each hash waits behind the other jest worker, since hashing
// threads run at a lower priority than everything else on the machine.
process.env.SCRYPT_LOG_N = process.env.SCRYPT_LOG_N || '10';
