/**
 * Leaving for Paystack's checkout, as one object's method so that a test can watch it (jsdom cannot
 * follow a navigation to another origin).
 */
export const checkout = {
  open(url: string): void {
    window.location.assign(url);
  },
};
