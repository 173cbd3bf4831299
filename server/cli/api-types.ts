// npm run api:types   writes contracts/api-types.ts from the OpenAPI document (the web's typed client).
import { writeFileSync } from "node:fs";
import { API_TYPES_FILE, generateApiTypes } from "../openapi/api-types";

generateApiTypes()
  .then((text) => {
    writeFileSync(API_TYPES_FILE, text);
    console.log(`${API_TYPES_FILE}: written`);
  })
  .catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
