import { redirect } from "next/navigation";
import { roomCode } from "@/lib/protocol-input";
import { Card, ErrorNote, inputClass } from "@/components/ui/primitives";

export const metadata = { title: "Join a room" };

export default async function JoinPage({ searchParams }: { searchParams: Promise<{ error?: string }> }) {
  const { error } = await searchParams;
  async function go(formData: FormData) {
    "use server";
    const code = roomCode.safeParse(formData.get("code"));
    if (!code.success) redirect(`/join?error=${encodeURIComponent(code.error.issues[0]?.message ?? "Invalid code")}`);
    redirect(`/r/${code.data}`);
  }
  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-bold">Join a room</h1>
      <Card>
        <form action={go} className="space-y-3">
          <label className="block">
            <span className="mb-1 block text-sm font-medium">Room code</span>
            <input name="code" required maxLength={6} autoCapitalize="characters" autoComplete="off" className={`${inputClass} font-mono text-lg uppercase tracking-widest`} placeholder="ABC234" />
          </label>
          <ErrorNote>{error}</ErrorNote>
          <button type="submit" className="w-full rounded-lg bg-garnet-700 px-4 py-2 text-sm font-semibold text-white hover:bg-garnet-800">
            Open room
          </button>
        </form>
      </Card>
    </div>
  );
}
