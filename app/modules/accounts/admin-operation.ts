/** User ids are UUIDs. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID.test(value);

/**
 * The admin-operation validation of the temporary cover upload: the form names the user it
 * was shown to, which must be a valid UUID and the user of the session that sends it. A page opened
 * by one account and sent after another signed in on the same browser fails here. The admin check
 * itself is the admin gate's, which runs first.
 */
export function isValidAdminOperation(operatorId: unknown, sessionUserId: string | null): boolean {
  return isUuid(operatorId) && sessionUserId !== null && operatorId.toLowerCase() === sessionUserId.toLowerCase();
}
