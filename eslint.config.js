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
    // One spelling per concept (docs/glossary.md): the code's own names say "license" (the spec's routes
    // and fields), the prose says "licence". Property keys are left out: they may be wire names (API fields,
    // columns, stored JSON) that keep the spelling they were published with.
    files: ["**/*.{ts,tsx,js,mjs}"],
    rules: {
      "@typescript-eslint/naming-convention": [
        "error",
        {
          selector: ["variableLike", "typeLike", "import", "classMethod", "classProperty", "accessor", "enumMember"],
          format: null,
          custom: { regex: "[Ll]icence", match: false },
        },
      ],
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
