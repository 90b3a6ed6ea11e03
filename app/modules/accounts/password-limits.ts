/** Password length limits: the forms' hints, the server's checks and better-auth's settings share them. */
export const PASSWORD_LIMITS = { min: 10, max: 128 } as const;
