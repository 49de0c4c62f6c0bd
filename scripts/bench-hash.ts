/**
 * `npx tsx scripts/bench-hash.ts [rounds]`: how long one argon2id hash and one verification take with the
 * parameters of packages/api/src/services/auth/password.ts (OWASP: 19 MiB, 2 iterations, 1 lane). Every
 * sign-up, login, reset and password change pays one of them.
 */
import { hashPassword, verifyPassword } from "@market/api";

const rounds = Number(process.argv[2] ?? 20);
const timings = async (label: string, run: () => Promise<unknown>) => {
  await run(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
  console.log(`${label.padEnd(7)} median ${at(0.5)} ms, p90 ${at(0.9)} ms, min ${at(0)} ms (${rounds} rounds)`);
};

const hash = await hashPassword("correct horse battery staple");
await timings("hash", () => hashPassword("correct horse battery staple"));
await timings("verify", () => verifyPassword(hash, "correct horse battery staple"));
