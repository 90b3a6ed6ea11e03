/** Cells shared by the audit log and the security events: when, who and from where, and the details. */

export function WhenCell({ timestamp, when }: { timestamp: string; when: string }) {
  return <time dateTime={timestamp}>{when}</time>;
}

export function WhoCell({ email, userId, nobody }: { email: string | null; userId: string | null; nobody: string }) {
  if (!userId) return <span className="text-muted">{nobody}</span>;
  return (
    <>
      {email && <span className="block">{email}</span>}
      <span className="block text-xs text-muted">{userId}</span>
    </>
  );
}

export function FromCell({ ip, userAgent }: { ip: string | null; userAgent: string | null }) {
  return (
    <>
      <span className="block">{ip ?? "—"}</span>
      {userAgent && (
        <span title={userAgent} className="line-clamp-2 text-xs text-muted">
          {userAgent}
        </span>
      )}
    </>
  );
}

/** The details as "key: value" lines when they are a JSON object (they always are when written by the site). */
export function DetailsCell({ details }: { details: string }) {
  let entries: Array<[string, unknown]> | null = null;
  try {
    const parsed: unknown = JSON.parse(details);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) entries = Object.entries(parsed);
  } catch {
    entries = null;
  }
  if (entries && entries.length === 0) return <span className="text-muted">—</span>;
  if (!entries) return <code className="text-xs">{details}</code>;
  return (
    <dl className="text-sm">
      {entries.map(([key, value]) => (
        <div key={key}>
          <dt className="inline font-semibold text-muted">{key}: </dt>
          <dd className="inline">{typeof value === "string" ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A dotted name (admin.audit_viewed) in code type that wraps after its dots and underscores rather than mid-word. */
export function CodeName({ name }: { name: string }) {
  const parts = name.split(/(?<=[._])/);
  return (
    <code className="text-sm">
      {parts.map((part, index) => (
        <span key={index}>
          {part}
          {index < parts.length - 1 && <wbr />}
        </span>
      ))}
    </code>
  );
}
