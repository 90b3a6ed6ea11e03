// The tables better-auth owns, apart from the app's own (schema.ts, whose Database names them all).
// tests/support/schema-interfaces.ts reads both files to check them against the migrated database.

/**
 * Account tables belong to better-auth and keep its column names. Their dates and booleans are native
 * on PostgreSQL and ISO text / 0-1 on SQLite (see migration 0006): compare them through the helpers in
 * modules/accounts, not by hand.
 */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean | number;
  image: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
  twoFactorEnabled: boolean | number | null;
  role: string | null;
  language: string | null;
  /** The app's own column (migration 0016): when the latest confirmation link was mailed, ISO text. */
  verificationSentAt: string | null;
}

export interface SessionTable {
  id: string;
  expiresAt: Date | string;
  token: string;
  createdAt: Date | string;
  updatedAt: Date | string;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  /** Tokens of a sign-in through another provider; better-auth creates them, and email-and-password accounts leave them null. */
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: Date | string | null;
  refreshTokenExpiresAt: Date | string | null;
  scope: string | null;
  password: string | null;
  createdAt: Date | string;
  updatedAt: Date | string;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: Date | string;
  createdAt: Date | string;
  updatedAt: Date | string;
}

/** better-auth's two-factor secret and backup codes of an account (one row while two-factor is on). */
export interface TwoFactorTable {
  id: string;
  secret: string;
  backupCodes: string;
  userId: string;
  verified: boolean | number | null;
  failedVerificationCount: number | null;
  lockedUntil: Date | string | null;
}
