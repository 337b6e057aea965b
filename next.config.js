// Next.js configuration. The app is served by the custom server in server/.
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm test` type-checks the whole project (server and tests included) with tsc;
  // the build does not repeat it.
  typescript: { ignoreBuildErrors: true },
  // the rules pages read each game's RULES.md at build time
  outputFileTracingIncludes: { "/games/[id]": ["./lib/games/**/RULES.md"] },
};

export default nextConfig;
