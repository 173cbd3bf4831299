import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules", "build", "dist", "data", ".react-router", "test-results", "playwright-report", "server/db/migrations", "contracts/api-types.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    // The web never imports server code: shared shapes live in contracts/.
    files: ["web/**/*.{ts,tsx}", "contracts/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/server/**", "../server/*", "../../server/*"], message: "web/ and contracts/ must not import server code; put shared schemas in contracts/." }] },
      ],
    },
  },
);
