// What the create-room form shows for one config field, attached to the field's
// zod schema with `.meta(form({...}))` and read back through z.toJSONSchema by
// lib/config-form.ts. Every field a host may set has a title in plain words and
// one line of help taken from the rules.

export type FormMeta = {
  /** The label, in plain words (never the field's key). */
  title: string;
  /** One line of help, in the rules' words. */
  description?: string;
  /** Shown after a number input: "seconds", "%", "garnets", "points", … */
  unit?: string;
  /** Each enum value (or list item) → its name as the rule text names it. */
  options?: Record<string, string>;
  /**
   * How to edit a field whose type alone does not say: one entry per seat
   * (`perSeat`), a choice of seats (`seats`), or one "tag: text" line per item
   * (`taggedLines`, with `tags` and the item's `tagKey` and `textKey`).
   */
  control?: "perSeat" | "seats" | "taggedLines";
  tags?: Record<string, string>;
  tagKey?: string;
  textKey?: string;
};

export function form(meta: FormMeta): FormMeta {
  return meta;
}
