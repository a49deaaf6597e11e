-- Failed-login counting moved to rate-limiter-flexible (server/limits/): in Redis when REDIS_URL
-- is set, shared by every instance, and in the single instance's memory otherwise. This table
-- held the old per-email and per-address lockout, which let anyone lock an account out.
DROP TABLE IF EXISTS login_failures;
