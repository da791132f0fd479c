// Cheaper password hashing for the test run only (see services/command/src/auth/password.ts).
process.env.SCRYPT_LOG_N = process.env.SCRYPT_LOG_N || '10';
// Tests register, sign in and ask RAI by the hundred from one address: every rate limit out of
// reach; the tests of the limits themselves pass their own to backendForTest.
require('@reflections/command/plumbing/rate-limits').liftRateLimits();
