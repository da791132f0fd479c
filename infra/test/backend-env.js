// Cheaper password hashing for the test run only (see services/command/src/auth/password.ts).
process.env.SCRYPT_LOG_N = process.env.SCRYPT_LOG_N || '10';
