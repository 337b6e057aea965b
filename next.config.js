// Next.js configuration. The app is served by the custom server in server/.
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // the rules pages read each game's RULES.md at build time
  outputFileTracingIncludes: { "/games/[id]": ["./lib/games/**/RULES.md"] },
};

export default nextConfig;
