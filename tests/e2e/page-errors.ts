import type { Page } from "@playwright/test";

/**
 * Console errors and uncaught exceptions from now until the test ends (React's recoverable
 * hydration errors are console errors, so they are included); a test asserts the list stays empty.
 */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}
