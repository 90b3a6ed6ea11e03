import type { Db } from "~/adapters/db/database.server";
import type { SubscribersTable } from "~/adapters/db/schema";
import { searchKey } from "~/modules/newsletter/subscriber-search";

/**
 * Lifelike subscribers for the benchmark, made from a fixed seed so every run measures the same
 * rows: three years of sign-ups growing over time (oldest first, as a real table fills), most from
 * the short forms (an address only), names from the complete-profile form, 88 % confirmed, 7 %
 * waiting, 5 % unsubscribed. Written with multi-row inserts, 50 000 rows per transaction.
 */

const FIRST = ["Ama", "Kwame", "Élodie", "João", "Aminata", "Thandiwe", "Chidi", "Nia", "Malik", "Zoé", "Renée", "José", "Inês", "Adébáyọ̀", "Fatou", "Kofi", "Marisol", "Yaa", "Ousmane", "Beatriz", "Kehinde", "Nadège", "Tendai", "Luíza", "Abena", "Darnell", "Imani", "Jean-Baptiste", "Safiya", "Tomás"];
const LAST = ["Mensah", "Diallo", "Nkosi", "Okafor", "Silva", "Baptiste", "Ndiaye", "Santos", "Owusu", "Traoré", "Moreau", "Asante", "Lumumba", "Da Costa", "Adeyemi", "Kamara", "Césaire", "Oliveira", "Boateng", "Mbeki", "N'Diaye", "Sankara", "Pereira", "Achebe", "Toussaint", "Garvey", "Nascimento", "Keïta", "Obi", "Dubois"];
const DOMAINS = ["gmail.com", "yahoo.fr", "outlook.com", "hotmail.com", "uol.com.br", "protonmail.com", "icloud.com", "orange.fr", "example.org", "univ-dakar.sn"];
const SOURCES: Array<[string, number]> = [["footer-newsletter", 0.45], ["newsletter-section", 0.25], ["updates-page", 0.1], ["subscribe-page", 0.15], ["blog-related", 0.05]];
const YEAR_MS = 365 * 24 * 3_600_000;

/** mulberry32: a small, fast generator with a fixed seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hex = (random: () => number, length: number) => {
  let text = "";
  while (text.length < length) text += Math.floor(random() * 0x100000000).toString(16).padStart(8, "0");
  return text.slice(0, length);
};

export function makeSubscriber(index: number, count: number, now: Date, random: () => number): SubscribersTable {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  let roll = random();
  const source = SOURCES.find(([, share]) => (roll -= share) < 0)?.[0] ?? "footer-newsletter";
  const first = pick(FIRST);
  const last = pick(LAST);
  const handle = (searchKey(`${first}.${last}`) ?? "reader").replace(/[^a-z.]/g, "");
  const local = [handle, handle.replace(".", ""), `${handle[0]}.${handle.split(".")[1] ?? ""}`, `${handle.split(".")[0]}_${Math.floor(random() * 9000 + 1000)}`][Math.floor(random() * 4)];
  // Growth: sign-ups get denser towards now (the square root of a uniform position).
  const created = new Date(now.getTime() - 3 * YEAR_MS * (1 - Math.sqrt((index + random()) / count)));
  const status = random();
  const unsubscribed = status >= 0.95 ? new Date(Math.min(now.getTime(), created.getTime() + 30 * 24 * 3_600_000)).toISOString() : null;
  const named = source === "subscribe-page";
  return {
    id: `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-a${hex(random, 3)}-${hex(random, 12)}`,
    email: `${local}${index}@${pick(DOMAINS)}`,
    first_name: named ? first : null,
    last_name: named ? last : null,
    first_name_key: named ? searchKey(first) : null,
    last_name_key: named ? searchKey(last) : null,
    message: null,
    interests: "[]",
    source,
    language: pick(["en", "en", "fr", "es", "pt"]),
    unsubscribe_token: hex(random, 64),
    confirm_token_hash: null,
    is_verified: status < 0.88 ? 1 : 0,
    created_at: created.toISOString(),
    confirmed_at: status < 0.88 ? new Date(created.getTime() + 600_000).toISOString() : null,
    unsubscribed_at: unsubscribed,
    provider_id: null,
  };
}

export async function seedSubscribers(db: Db, count: number, now: Date, progress: (done: number) => void = () => {}): Promise<void> {
  const random = generator(20261121);
  const PER_INSERT = 1000;
  const PER_TRANSACTION = 50_000;
  for (let start = 0; start < count; start += PER_TRANSACTION) {
    await db.transaction().execute(async (trx) => {
      for (let from = start; from < Math.min(count, start + PER_TRANSACTION); from += PER_INSERT) {
        const rows = Array.from({ length: Math.min(PER_INSERT, count - from) }, (_, offset) => makeSubscriber(from + offset, count, now, random));
        await trx.insertInto("subscribers").values(rows).execute();
      }
    });
    progress(Math.min(count, start + PER_TRANSACTION));
  }
}
