/** The new two-factor secret: its otpauth:// URI, the key grouped by four for typing, and its QR code drawn on the server. */
export interface Enrolment {
  totpUri: string;
  secret: string;
  qr: { size: number; path: string };
}
