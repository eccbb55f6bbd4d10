import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { newsletterCopy } from "../../content/newsletter";
import { NewsletterForm } from "./index";

function jsonReply(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function stubFetch(implementation: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(implementation);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillAndSubmit(address: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(newsletterCopy.emailLabel), address);
  await user.click(screen.getByRole("button", { name: newsletterCopy.submit }));
}

describe("NewsletterForm", () => {
  it("posts the address as JSON and shows the reply's success message, then clears the field", async () => {
    const fetchMock = stubFetch(async () => jsonReply(200, { message: "You're on the list!" }));
    render(<NewsletterForm variant="footer" />);
    await fillAndSubmit("ada@example.com");

    expect(await screen.findByText("You're on the list!")).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent("You're on the list!");
    expect(screen.getByLabelText(newsletterCopy.emailLabel)).toHaveValue("");
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/subscribe");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(String(init?.body))).toEqual({ email: "ada@example.com" });
  });

  it("shows 'Subscribing...' and disables the button while the request is in flight", async () => {
    let answer: (response: Response) => void = () => {};
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    render(<NewsletterForm variant="card" />);
    await fillAndSubmit("busy@example.com");

    const button = screen.getByRole("button", { name: newsletterCopy.busy });
    expect(button).toBeDisabled();
    answer(jsonReply(200, { message: "Done." }));
    expect(await screen.findByText("Done.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: newsletterCopy.submit })).toBeEnabled();
  });

  it("shows the reply's error message and keeps the typed address", async () => {
    stubFetch(async () => jsonReply(422, { message: "This address is already subscribed." }));
    render(<NewsletterForm variant="card" />);
    await fillAndSubmit("dup@example.com");

    expect(await screen.findByRole("status")).toHaveTextContent("This address is already subscribed.");
    const input = screen.getByLabelText(newsletterCopy.emailLabel);
    expect(input).toHaveValue("dup@example.com");
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("This address is already subscribed.");
  });

  it("falls back to the generic failure text when the error reply has no message", async () => {
    stubFetch(async () => new Response("<html>oops</html>", { status: 502, headers: { "content-type": "text/html" } }));
    render(<NewsletterForm />);
    await fillAndSubmit("five@example.com");
    expect(await screen.findByText(newsletterCopy.failure)).toBeInTheDocument();
    expect(screen.getByLabelText(newsletterCopy.emailLabel)).toHaveValue("five@example.com");
  });

  it("shows a network error when the request fails, keeping the address", async () => {
    stubFetch(async () => {
      throw new TypeError("Failed to fetch");
    });
    render(<NewsletterForm />);
    await fillAndSubmit("offline@example.com");
    expect(await screen.findByText(newsletterCopy.networkError)).toBeInTheDocument();
    expect(screen.getByLabelText(newsletterCopy.emailLabel)).toHaveValue("offline@example.com");
  });

  it("asks for a required e-mail address, described by the status line and not marked invalid before a reply", () => {
    render(<NewsletterForm variant="footer" />);
    const input = screen.getByRole("textbox", { name: newsletterCopy.emailLabel });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute("type", "email");
    expect(input).toHaveAttribute("placeholder", newsletterCopy.emailPlaceholder);
    expect(input).not.toHaveAttribute("aria-invalid");
    expect(input).toHaveAttribute("aria-describedby", screen.getByRole("status").id);
    expect(screen.getByText(newsletterCopy.emailLabel).textContent).toBe(newsletterCopy.emailLabel);
  });

  it("titles each variant with its own heading", () => {
    const { unmount } = render(<NewsletterForm variant="footer" />);
    expect(screen.getByRole("heading", { level: 3, name: newsletterCopy.variants.footer.heading })).toBeInTheDocument();
    unmount();
    render(<NewsletterForm variant="card" />);
    expect(screen.getByRole("heading", { level: 2, name: newsletterCopy.variants.card.heading })).toBeInTheDocument();
  });
});
