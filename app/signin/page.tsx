import { redirect } from "next/navigation";
import { AuthError } from "next-auth";
import { auth, discordEnabled, signIn } from "@/lib/auth/config";
import { displayName, signInErrorText } from "@/lib/auth/names";
import { refusalOf } from "@/lib/text";
import { Card, ErrorNote, inputClass } from "@/components/ui/primitives";

export const metadata = { title: "Sign in" };

/** Only same-site paths may be returned to. */
function safeNext(next: unknown): string {
  return typeof next === "string" && next.startsWith("/") && !next.startsWith("//") ? next : "/";
}

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string; error?: string }> }) {
  const { next, error } = await searchParams;
  const target = safeNext(next);
  const session = await auth();

  async function guest(formData: FormData) {
    "use server";
    const back = safeNext(formData.get("next"));
    const name = displayName.safeParse(formData.get("name"));
    if (!name.success) redirect(`/signin?next=${encodeURIComponent(back)}&error=${encodeURIComponent(refusalOf(name.error).code)}`);
    try {
      await signIn("guest", { name: name.data, redirectTo: back });
    } catch (e) {
      if (e instanceof AuthError) redirect(`/signin?next=${encodeURIComponent(back)}&error=CredentialsSignin`);
      throw e;
    }
  }

  async function discord(formData: FormData) {
    "use server";
    await signIn("discord", { redirectTo: safeNext(formData.get("next")) });
  }

  return (
    <div className="mx-auto max-w-md space-y-4">
      <h1 className="text-2xl font-bold">Sign in</h1>
      {session?.user?.name && <p className="text-sm text-stone-600 dark:text-stone-400">You are signed in as {session.user.name}. Signing in again starts a new guest identity.</p>}
      <Card>
        <form action={guest} className="space-y-3">
          <input type="hidden" name="next" value={target} />
          <label className="block">
            <span className="mb-1 block text-sm font-medium">Display name</span>
            <input name="name" required maxLength={24} autoComplete="nickname" autoFocus className={inputClass} placeholder="e.g. Ash" />
            <span className="mt-1 block text-xs text-stone-500">Shown to the other players. No password: this browser keeps your seat.</span>
          </label>
          <ErrorNote>{signInErrorText(error)}</ErrorNote>
          <button type="submit" className="w-full rounded-lg bg-garnet-700 px-4 py-2 text-sm font-semibold text-white hover:bg-garnet-800">
            Continue as guest
          </button>
        </form>
      </Card>
      {discordEnabled && (
        <form action={discord}>
          <input type="hidden" name="next" value={target} />
          <button type="submit" className="w-full rounded-lg border border-stone-300 px-4 py-2 text-sm font-medium hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800">
            Sign in with Discord
          </button>
        </form>
      )}
    </div>
  );
}
