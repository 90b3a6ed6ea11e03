import { z } from "~/lib/zod";
import { textField } from "~/lib/form-input";

/** The subscriber list's Sync button: its one intent, anything else "invalid". */
export const syncSchema = z.object({ intent: textField() }).refine(({ intent }) => intent === "sync", "invalid");
