// Auth.js: guest sign-in by display name (no password) with JWT sessions; an
// optional Discord provider when AUTH_DISCORD_ID and AUTH_DISCORD_SECRET are set.
import NextAuth from "next-auth";
import Credentials from "next-auth/providers/credentials";
import Discord from "next-auth/providers/discord";
import { discordName, displayName, isSessionName } from "./names";

// A Discord name passes the same rules as a guest's; an account whose names all fail is refused (the sign-in page says why).
const discord =
  process.env.AUTH_DISCORD_ID && process.env.AUTH_DISCORD_SECRET
    ? [Discord({ profile: (p) => ({ id: p.id, name: discordName(p), email: null, image: null }) })]
    : [];

export const { handlers, auth, signIn, signOut } = NextAuth({
  trustHost: true,
  session: { strategy: "jwt", maxAge: 60 * 60 * 24 * 30 },
  pages: { signIn: "/signin", error: "/signin" },
  providers: [
    Credentials({
      id: "guest",
      name: "Guest",
      credentials: { name: { label: "Display name", type: "text" } },
      authorize: async (credentials) => {
        const parsed = displayName.safeParse(credentials?.name);
        if (!parsed.success) return null;
        return { id: `guest:${crypto.randomUUID()}`, name: parsed.data };
      },
    }),
    ...discord,
  ],
  callbacks: {
    signIn({ user }) {
      return typeof user.name === "string" && user.name.length > 0;
    },
    jwt({ token, user, account }) {
      if (user) {
        token.sub = account?.provider === "discord" ? `discord:${user.id}` : user.id;
        token.name = user.name;
      }
      // null ends the session
      return isSessionName(token.name) ? token : null;
    },
    session({ session, token }) {
      if (session.user && token.sub) session.user.id = token.sub;
      return session;
    },
  },
});

export const discordEnabled = discord.length > 0;
