import type { Metadata, Viewport } from "next";
import Link from "next/link";
import { headers } from "next/headers";
import "./globals.css";
import { auth } from "@/lib/auth/config";
import { ThemeToggle } from "@/components/ui/ThemeToggle";

export const metadata: Metadata = {
  title: { default: "Garnet", template: "%s · Garnet" },
  description: "Live hidden-information game matches in the browser: private dashboards, an authoritative server, a host console and a spectator view.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#921c33" };

// Sets the colour scheme before first paint: saved choice, else the system's.
const themeScript = `try{var t=localStorage.getItem("garnet-theme");if(t==="dark"||(!t&&matchMedia("(prefers-color-scheme: dark)").matches))document.documentElement.classList.add("dark")}catch(e){}`;

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const session = await auth();
  // the server's edge makes a nonce per response and allows only scripts that carry it
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body className="min-h-dvh font-sans antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-stone-900">
          Skip to content
        </a>
        <header className="border-b border-stone-200 bg-white/80 backdrop-blur dark:border-stone-800 dark:bg-stone-900/80">
          <nav className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-3" aria-label="Main">
            <Link href="/" className="flex items-center gap-2 font-bold tracking-tight">
              <span aria-hidden className="inline-block h-5 w-5 rotate-45 rounded-sm bg-garnet-600 shadow-inner" />
              Garnet
            </Link>
            <Link href="/#games" className="text-sm text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-white">
              Games
            </Link>
            <Link href="/join" className="text-sm text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-white">
              Join
            </Link>
            <div className="ml-auto flex items-center gap-3 text-sm">
              {session?.user?.name ? (
                <span className="text-stone-600 dark:text-stone-400" data-testid="signed-in-as">
                  {session.user.name}
                </span>
              ) : (
                <Link href="/signin" className="font-medium text-garnet-700 hover:underline dark:text-garnet-300">
                  Sign in
                </Link>
              )}
              <ThemeToggle />
            </div>
          </nav>
        </header>
        <main id="main" className="mx-auto max-w-6xl px-4 py-6">
          {children}
        </main>
      </body>
    </html>
  );
}
