import type { Kysely } from "kysely";

// Fills first_name_key / last_name_key (0010) for subscribers stored before them. A frozen copy of
// searchKey() in app/modules/newsletter/subscriber-search.ts, as migrations hold no domain code.
const fold = (value: string | null): string | null => {
  if (!value) return null;
  const folded = value.normalize("NFKD").replace(/\p{M}+/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
  return folded ? folded.slice(0, 200) : null;
};

interface Row {
  id: string;
  first_name: string | null;
  last_name: string | null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // Untyped by design (migrations do not depend on the application's schema types).
  const subscribers = db as unknown as Kysely<{ subscribers: Row & { first_name_key: string | null; last_name_key: string | null } }>;
  let after = "";
  for (;;) {
    const rows = await subscribers
      .selectFrom("subscribers")
      .select(["id", "first_name", "last_name"])
      .where("id", ">", after)
      .where((eb) => eb.or([eb("first_name", "is not", null), eb("last_name", "is not", null)]))
      .orderBy("id")
      .limit(1000)
      .execute();
    for (const row of rows) {
      await subscribers.updateTable("subscribers").set({ first_name_key: fold(row.first_name), last_name_key: fold(row.last_name) }).where("id", "=", row.id).execute();
    }
    if (rows.length < 1000) return;
    after = rows[rows.length - 1]!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  void db;
}
