// Signed-in test users: a session cookie made the way Auth.js makes it, with the
// secret the test and benchmark servers use.
import { encode } from "next-auth/jwt";

export const TEST_SECRET = "integration-test-secret-integration-test-secret";

export async function sessionCookie(user: { id: string; name: string }): Promise<string> {
  const salt = "authjs.session-token";
  const token = await encode({ token: { sub: user.id, name: user.name }, secret: TEST_SECRET, salt });
  return `${salt}=${token}`;
}
