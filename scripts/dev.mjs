// `npm run dev`: the API server (tsx watch, port 3000) and the Vite dev server (port 5173) together.
import { spawn } from "node:child_process";

const children = [
  spawn("npx", ["tsx", "watch", "server/main.ts"], { stdio: "inherit", env: { ...process.env, BASE_URL: process.env.BASE_URL ?? "http://localhost:5173", TRUSTED_ORIGINS: "http://localhost:3000" } }),
  spawn("npx", ["react-router", "dev"], { stdio: "inherit" }),
];
const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
children.forEach((c) => c.on("exit", (code) => { if (code) { stop(); process.exit(code); } }));
