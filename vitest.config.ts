import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "tests/domain/**/*.test.ts",
      "tests/machines/**/*.test.ts",
      "tests/server/**/*.test.ts",
      "tests/unit/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
