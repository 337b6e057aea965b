// The messages a statement run sends, read back field by field as PostgreSQL
// reads them (frontend messages: a type byte, a length that counts itself, the
// fields). Whether PostgreSQL runs them is writer.int.test.ts's.
import { describe, expect, it } from "vitest";
import { runMessages, type NamedStatement } from "./writer";

/** Reads frontend messages one after another; each must end exactly where its length says. */
function readMessages(b: Buffer): { type: string; fields: (string | number)[] }[] {
  const out: { type: string; fields: (string | number)[] }[] = [];
  let at = 0;
  while (at < b.length) {
    const type = String.fromCharCode(b[at]!);
    const end = at + 1 + b.readInt32BE(at + 1);
    let p = at + 5;
    const cstring = () => {
      const z = b.indexOf(0, p);
      const s = b.toString("utf8", p, z);
      p = z + 1;
      return s;
    };
    const int16 = () => ((p += 2), b.readInt16BE(p - 2));
    const int32 = () => ((p += 4), b.readInt32BE(p - 4));
    const fields: (string | number)[] = [];
    if (type === "P") fields.push(cstring(), cstring(), int16());
    else if (type === "B") {
      fields.push(cstring(), cstring());
      const formats = int16();
      fields.push(formats);
      for (let i = 0; i < formats; i++) fields.push(int16());
      const n = int16();
      fields.push(n);
      for (let i = 0; i < n; i++) {
        const len = int32();
        fields.push(b.toString("utf8", p, p + len));
        p += len;
      }
      const results = int16();
      fields.push(results);
      for (let i = 0; i < results; i++) fields.push(int16());
    } else if (type === "E") fields.push(cstring(), int32());
    else if (type === "C") fields.push(String.fromCharCode(b[p++]!), cstring());
    expect(p, `message ${type} ends where its length says`).toBe(end);
    out.push({ type, fields });
    at = end;
  }
  return out;
}

const statement: NamedStatement = {
  name: "garnet-room-batch",
  text: "SELECT $1::jsonb, $2::jsonb -- ünï",
  values: ['[{"n":"Ünï 🎲 \\"quoted\\""}]', "[]"],
};

describe("runMessages", () => {
  it("parses the statement on a connection that has not, then binds its text parameters, executes and syncs", () => {
    expect(readMessages(runMessages(statement, "parse"))).toEqual([
      { type: "P", fields: [statement.name, statement.text, 0] },
      { type: "B", fields: ["", statement.name, 0, 2, ...statement.values, 0] },
      { type: "E", fields: ["", 0] },
      { type: "S", fields: [] },
    ]);
  });

  it("only binds, executes and syncs where the connection has parsed it", () => {
    expect(readMessages(runMessages(statement, "none")).map((m) => m.type)).toEqual(["B", "E", "S"]);
  });

  it("closes the statement and parses it again before binding it, when it is to be planned anew", () => {
    expect(readMessages(runMessages(statement, "again"))).toEqual([
      { type: "C", fields: ["S", statement.name] },
      { type: "P", fields: [statement.name, statement.text, 0] },
      { type: "B", fields: ["", statement.name, 0, 2, ...statement.values, 0] },
      { type: "E", fields: ["", 0] },
      { type: "S", fields: [] },
    ]);
  });

  it("counts multi-byte text by its bytes, not its characters", () => {
    const big = { ...statement, values: ["é".repeat(5000), "🎲".repeat(3000)] };
    const [bind] = readMessages(runMessages(big, "none"));
    expect(bind!.fields.slice(4, 6)).toEqual(big.values);
  });
});
