import { redirect } from "next/navigation";
import { auth } from "@/lib/auth/config";
import { CreateSeasonForm } from "@/components/season/CreateSeasonForm";
import { describeConfig } from "@/lib/config-form";
import { seasonSettings } from "@/lib/season/types";

export const metadata = { title: "New season" };

export default async function NewSeasonPage() {
  const session = await auth();
  if (!session?.user) redirect(`/signin?next=${encodeURIComponent("/seasons/new")}`);
  return (
    <div className="mx-auto max-w-2xl space-y-4">
      <div>
        <h1 className="text-2xl font-bold">Run a season</h1>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          A roster that plays main matches and death matches one episode after another. Garnets, Tokens of Life, marks and eliminations carry
          over in the season&apos;s ledger. Rulings: docs/seasons.md.
        </p>
      </div>
      <CreateSeasonForm fields={describeConfig(seasonSettings) ?? []} defaults={seasonSettings.parse({})} />
    </div>
  );
}
