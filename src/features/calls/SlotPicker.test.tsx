import { act, render, screen, waitFor, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import userEvent from "@testing-library/user-event";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { createChallenge } from "altcha-lib/v1";
import { MemoryRouter } from "react-router-dom";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { close, listen } from "../../../tests/support/http-server";
import { bookCopy, pickerCopy } from "../../content/booking";
import { callsFunctionCopy } from "../../content/functions";
import { RETRY_AFTER_MS } from "./calls-api";
import BookForm from "./BookForm";
import ManageCall from "./ManageCall";
import ThankYouBooking from "./ThankYouBooking";
import { BOOK_TIMES_KEY, bookTimesOf } from "../../lib/calls/book-times";
import type { SlotList } from "../../lib/calls/contract";
import { RouteDataProvider } from "../../lib/route-data";
import { callTimeCopy } from "../../content/calls";

/**
 * The picker's states against a stand-in for api/calls on 127.0.0.1 that answers as the contract in
 * src/server/calls/handler.ts says (the real function is exercised end to end in
 * tests/e2e/calls.spec.ts). The page's relative `/api/calls` is sent to it: jsdom has no origin of
 * its own to resolve it against.
 */
interface Sent {
  method: string;
  url: string;
  body: Record<string, unknown> | null;
}
type Reply = { status: number; body: unknown };
/** What the stand-in answers to a request; a promise holds the answer until it settles. */
type Answer = (sent: Sent) => Reply | Promise<Reply>;

// The date formats' warm-up (src/lib/calls/warm-intl.ts): settled at once, as where there is no
// Worker, unless a test holds it.
const warmup = vi.hoisted(() => ({ gate: Promise.resolve() }));
vi.mock("../../lib/calls/warm-intl", () => ({ warmIntl: () => warmup.gate }));

// Many steps, each a round trip to the stand-in: more than jsdom's default 5 s on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

let server: Server;
let origin: string;
let answers: Answer[];
let fallback: Answer;
let sent: Sent[];

const LAGOS = "Africa/Lagos";
// Tuesday 4 March 2031, 09:00 and 09:30 in Lagos (UTC+1); Wednesday 5 March, 14:00.
const SLOTS = ["2031-03-04T08:00:00.000Z", "2031-03-04T08:30:00.000Z", "2031-03-05T13:00:00.000Z"];
const slotList = (slots = SLOTS, place: object = { kind: "google_meet", label: "Google Meet" }) => ({
  status: 200,
  body: { timeZone: LAGOS, callMinutes: 30, slots, place },
});
const booked = (start: string, place: object = { kind: "google_meet", label: "Google Meet" }) => ({
  status: 201,
  body: {
    booking: {
      id: "b1",
      start,
      end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
      status: "booked",
      timeZone: LAGOS,
      place,
      sequence: 0,
      manageToken: "MANAGEtoken_0123456789",
    },
  },
});

/** A challenge as the function signs one (altcha-lib v1), small enough to solve at once. */
let challenge: unknown;

async function readBody(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  let text = "";
  for await (const chunk of request) text += String(chunk);
  return text ? (JSON.parse(text) as Record<string, unknown>) : null;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    readBody(request)
      .then(async (body) => {
        const entry = { method: request.method ?? "GET", url: request.url ?? "", body };
        sent.push(entry);
        // /book's challenge, fetched when the form appears and after a refusal: not a queued answer.
        const { status, body: answer } = entry.url.includes("view=challenge")
          ? { status: 200, body: challenge }
          : await (answers.shift() ?? fallback)(entry);
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(answer));
      })
      .catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
  });
  origin = await listen(server);
  challenge = await createChallenge({ hmacKey: "test", maxnumber: 50 });
});

afterAll(async () => {
  await close(server);
});

beforeEach(() => {
  sent = [];
  answers = [];
  fallback = (request) => (request.method === "POST" ? booked(String(request.body?.start)) : slotList());
  const realFetch = globalThis.fetch;
  // jsdom's AbortSignal is not Node's, which Node's fetch refuses: the timeout is left to the test.
  vi.stubGlobal("fetch", (input: string, init: RequestInit = {}) =>
    realFetch(new URL(input, origin), { method: init.method, headers: init.headers, body: init.body }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * /book as the server renders it with `list` (src/server/blog.ts: the times in the page's data and
 * their first days in its HTML), put in the document; `page` is the tree to hydrate it with.
 */
function servedBook(list: SlotList) {
  const seed = { key: BOOK_TIMES_KEY, data: JSON.parse(JSON.stringify(bookTimesOf(list, callTimeCopy))) as unknown };
  const page = (
    <RouteDataProvider seed={seed}>
      <MemoryRouter>
        <BookForm />
      </MemoryRouter>
    </RouteDataProvider>
  );
  const container = document.createElement("div");
  container.innerHTML = renderToString(page);
  document.body.append(container);
  return { page, container };
}

function renderIn(node: React.ReactNode) {
  const user = userEvent.setup();
  render(<MemoryRouter>{node}</MemoryRouter>);
  return user;
}

async function chooseLagos(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText(pickerCopy.zoneLabel), LAGOS);
}

describe("the days after the first", () => {
  /** An IntersectionObserver that reports its targets in view only when a test says they are. */
  function watchedObserver() {
    const watched: { target: Element; callback: IntersectionObserverCallback }[] = [];
    class Observer {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(target: Element) {
        watched.push({ target, callback: this.callback });
      }
      disconnect() {
        for (let at = watched.length - 1; at >= 0; at--)
          if (watched[at]!.callback === this.callback) watched.splice(at, 1);
      }
      unobserve() {}
      takeRecords() {
        return [];
      }
    }
    vi.stubGlobal("IntersectionObserver", Observer);
    return {
      count: () => watched.length,
      bringIntoView() {
        for (const { target, callback } of [...watched])
          callback(
            [{ isIntersecting: true, target, intersectionRatio: 1 } as IntersectionObserverEntry],
            {} as IntersectionObserver,
          );
      },
    };
  }

  it("wait until the visitor comes near them, then come a day at a time while the marker under them is near", async () => {
    // A third day, Thursday 6 March, 10:00 in Lagos.
    fallback = () => slotList([...SLOTS, "2031-03-06T09:00:00.000Z"]);
    const observer = watchedObserver();
    const user = renderIn(<ThankYouBooking token="LEADtoken_0123456789ab" />);
    await chooseLagos(user);
    expect(await screen.findByRole("radiogroup", { name: "Times on Tuesday 4 March" })).toBeInTheDocument();
    await waitFor(() => expect(observer.count()).toBe(1));
    expect(screen.queryByRole("radiogroup", { name: "Times on Wednesday 5 March" })).not.toBeInTheDocument();

    // Near: the next day, and the marker, now under it, is watched again; the day after waits.
    observer.bringIntoView();
    expect(await screen.findByRole("radiogroup", { name: "Times on Wednesday 5 March" })).toBeInTheDocument();
    await waitFor(() => expect(observer.count()).toBe(1));
    expect(screen.queryByRole("radiogroup", { name: "Times on Thursday 6 March" })).not.toBeInTheDocument();

    // Still near: the last day, and with none after it nothing is watched.
    observer.bringIntoView();
    expect(await screen.findByRole("radiogroup", { name: "Times on Thursday 6 March" })).toBeInTheDocument();
    await waitFor(() => expect(observer.count()).toBe(0));
  });

  it("on /book, wait for the date formats first: formatted before the worker answered, a day loaded them on the main thread", async () => {
    let release = () => {};
    warmup.gate = new Promise<void>((resolve) => (release = resolve));
    const observer = watchedObserver();
    const list = slotList(SLOTS).body as SlotList;
    const { page, container } = servedBook(list);
    try {
      const root = await act(async () => hydrateRoot(container, page));
      expect(screen.getByRole("radiogroup", { name: "Times on Tuesday 4 March" })).toBeInTheDocument();
      // Hydrated, the first day shown: the marker under it is not watched while the formats load.
      expect(observer.count()).toBe(0);

      await act(async () => release());
      await waitFor(() => expect(observer.count()).toBe(1));
      observer.bringIntoView();
      expect(await screen.findByRole("radiogroup", { name: "Times on Wednesday 5 March" })).toBeInTheDocument();
      act(() => root.unmount());
    } finally {
      warmup.gate = Promise.resolve();
      container.remove();
    }
  });

  it("come at once where the browser has no IntersectionObserver", async () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    const user = renderIn(<ThankYouBooking token="LEADtoken_0123456789ab" />);
    await chooseLagos(user);
    expect(await screen.findByRole("radiogroup", { name: "Times on Wednesday 5 March" })).toBeInTheDocument();
  });
});

describe("the time picker on /thank-you", () => {
  it("shows a skeleton, then the times by day; one tap picks, the button naming the time books, and the booking is confirmed", async () => {
    const user = renderIn(<ThankYouBooking token="LEADtoken_0123456789ab" />);
    expect(screen.getByRole("status")).toHaveTextContent(pickerCopy.loading);
    await chooseLagos(user);

    const tuesday = await screen.findByRole("radiogroup", { name: "Times on Tuesday 4 March" });
    expect(within(tuesday).getAllByRole("radio")).toHaveLength(2);
    // The first day comes with the list, the rest once near the screen (SlotPicker's FIRST_DAYS;
    // jsdom's stand-in IntersectionObserver, tests/setup-dom.ts, reports everything in view at once).
    expect(await screen.findByRole("radiogroup", { name: "Times on Wednesday 5 March" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: pickerCopy.chooseFirst })).toBeDisabled();

    await user.click(within(tuesday).getByRole("radio", { name: /09:30/ }));
    await user.click(screen.getByRole("button", { name: "Book Tuesday 4 March, 09:30" }));

    expect(await screen.findByText("You're booked in for Tuesday 4 March, 09:30 (Lagos time)")).toBeInTheDocument();
    expect(sent.at(-1)).toMatchObject({
      method: "POST",
      body: { start: SLOTS[1], timeZone: LAGOS, leadToken: "LEADtoken_0123456789ab" },
    });
    // The download posts the token in a form's body: no address carries it.
    const download = screen.getByRole("button", { name: "Add to calendar (.ics)" }).closest("form")!;
    expect(download).toHaveAttribute("method", "post");
    expect(download).toHaveAttribute("action", "/api/calls");
    expect(Object.fromEntries(new FormData(download))).toEqual({
      action: "invitation",
      token: "MANAGEtoken_0123456789",
    });
    expect(screen.queryByRole("link", { name: "Add to calendar (.ics)" })).toBeNull();
    const google = new URL(screen.getByRole("link", { name: /Add to Google Calendar/ }).getAttribute("href")!);
    expect(google.searchParams.get("dates")).toBe("20310304T083000Z/20310304T090000Z");
    expect(google.searchParams.get("text")).toBe(callsFunctionCopy.invite.title);
    expect(screen.getByRole("link", { name: "Reschedule or cancel" })).toHaveAttribute(
      "href",
      "/calls/manage#token=MANAGEtoken_0123456789",
    );
  });

  it("shows the Lagos time beside each time when the visitor's zone differs", async () => {
    const user = renderIn(<ThankYouBooking token="LEADtoken_0123456789ab" />);
    await user.selectOptions(await screen.findByLabelText(pickerCopy.zoneLabel), "America/New_York");
    const tuesday = await screen.findByRole("radiogroup", { name: "Times on Tuesday 4 March" });
    expect(within(tuesday).getByRole("radio", { name: "03:00 (09:00 Lagos)" })).toBeInTheDocument();
  });

  it("shows a meeting URL as a link only when it is https", async () => {
    const place = { kind: "video_link", label: "Video call", url: "javascript:alert(1)" };
    answers = [() => slotList(SLOTS, place), () => booked(SLOTS[0]!, place)];
    const user = renderIn(<ThankYouBooking token="LEADtoken_0123456789ab" />);
    await chooseLagos(user);
    await user.click(screen.getByRole("radio", { name: /^09:00/ }));
    await user.click(screen.getByRole("button", { name: /^Book / }));
    await screen.findByText(/You're booked in for/);
    expect(screen.queryByRole("link", { name: /javascript/ })).toBeNull();
    expect(screen.getByText("Video call")).toBeInTheDocument();
  });

  it("says when there are no free times, and offers the contact form and WhatsApp", async () => {
    fallback = () => slotList([]);
    renderIn(<ThankYouBooking token="LEADtoken_0123456789ab" />);
    expect(await screen.findByText(pickerCopy.empty.heading)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: pickerCopy.contact })).toHaveAttribute("href", "/contact");
    expect(screen.getByRole("link", { name: /Chat on WhatsApp/ })).toHaveAttribute(
      "href",
      expect.stringMatching(/^https:\/\/wa\.me\//),
    );
    expect(screen.queryByRole("button", { name: /Book/ })).toBeNull();
  });

  it("asks for the times once more when a load fails on the way, and shows them without a word of it", async () => {
    answers = [() => ({ status: 503, body: { message: callsFunctionCopy.messages.unavailable } })];
    renderIn(<ThankYouBooking token="LEADtoken_0123456789ab" />);
    await waitFor(() => expect(screen.getAllByRole("radio")).toHaveLength(3), { timeout: RETRY_AFTER_MS + 3000 });
    expect(screen.queryByRole("alert")).toBeNull();
    expect(sent.filter((entry) => entry.url.includes("view=slots"))).toHaveLength(2);
  });

  it("does not ask again after a refusal: a 429 is shown at once", async () => {
    answers = [() => ({ status: 429, body: { message: callsFunctionCopy.messages.rateLimited } })];
    renderIn(<ThankYouBooking token="LEADtoken_0123456789ab" />);
    expect(await screen.findByRole("alert")).toHaveTextContent(callsFunctionCopy.messages.rateLimited);
    expect(sent.filter((entry) => entry.url.includes("view=slots"))).toHaveLength(1);
  });

  it("does not ask again after the request timed out: the visitor has waited enough", async () => {
    let tries = 0;
    vi.stubGlobal("fetch", () => {
      tries += 1;
      return Promise.reject(new DOMException("The operation timed out.", "TimeoutError"));
    });
    renderIn(<ThankYouBooking token="LEADtoken_0123456789ab" />);
    expect(await screen.findByRole("alert")).toHaveTextContent(pickerCopy.network);
    expect(tries).toBe(1);
  });

  it("says when the times cannot be loaded, and loads them again on 'Try again'", async () => {
    const unavailable = () => ({ status: 503, body: { message: callsFunctionCopy.messages.unavailable } });
    answers = [unavailable, unavailable];
    const user = renderIn(<ThankYouBooking token="LEADtoken_0123456789ab" />);
    const alert = await screen.findByRole("alert", undefined, { timeout: RETRY_AFTER_MS + 3000 });
    expect(alert).toHaveTextContent(pickerCopy.failed.heading);
    expect(alert).toHaveTextContent(callsFunctionCopy.messages.unavailable);
    await user.click(within(alert).getByRole("button", { name: pickerCopy.failed.retry }));
    await waitFor(() => expect(screen.getAllByRole("radio")).toHaveLength(3));
  });

  it("on a 409, says the time was just taken, offers the nearest free times and loads the list again", async () => {
    const user = renderIn(<ThankYouBooking token="LEADtoken_0123456789ab" />);
    await chooseLagos(user);
    answers = [
      () => ({ status: 409, body: { message: callsFunctionCopy.messages.taken, nearest: [SLOTS[1], SLOTS[2]] } }),
      () => slotList([SLOTS[1]!, SLOTS[2]!]),
      () => booked(SLOTS[2]!),
    ];
    await user.click(screen.getByRole("radio", { name: /^09:00/ }));
    await user.click(screen.getByRole("button", { name: "Book Tuesday 4 March, 09:00" }));

    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(callsFunctionCopy.messages.taken);
    await waitFor(() => expect(screen.getAllByRole("radio")).toHaveLength(2));
    expect(screen.queryByRole("radio", { name: /^09:00/ })).toBeNull();

    await user.click(within(alert).getByRole("button", { name: "Wednesday 5 March, 14:00" }));
    expect(within(alert).getByRole("button", { name: "Wednesday 5 March, 14:00" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await user.click(screen.getByRole("button", { name: "Book Wednesday 5 March, 14:00" }));
    expect(await screen.findByText(/You're booked in for Wednesday 5 March, 14:00/)).toBeInTheDocument();
  });

  it("shows the message of a 429, a 503 or a refused time, keeping the choice", async () => {
    const user = renderIn(<ThankYouBooking token="LEADtoken_0123456789ab" />);
    await chooseLagos(user);
    await user.click(screen.getByRole("radio", { name: /^09:00/ }));
    for (const [status, message] of [
      [429, callsFunctionCopy.messages.rateLimited],
      [503, callsFunctionCopy.messages.unavailable],
      [400, "That time is too soon for us to prepare. Please pick a later one."],
    ] as const) {
      answers = [() => ({ status, body: { message, ...(status === 400 ? { reason: "notice" } : {}) } })];
      await user.click(screen.getByRole("button", { name: "Book Tuesday 4 March, 09:00" }));
      expect(await screen.findByRole("alert")).toHaveTextContent(message);
    }
    expect(screen.getByRole("radio", { name: /^09:00/ })).toBeChecked();
  });

  it("says the server could not be reached when the request fails", async () => {
    let tries = 0;
    vi.stubGlobal("fetch", () => {
      tries += 1;
      return Promise.reject(new TypeError("Failed to fetch"));
    });
    renderIn(<ThankYouBooking token="LEADtoken_0123456789ab" />);
    expect(await screen.findByRole("alert", undefined, { timeout: RETRY_AFTER_MS + 3000 })).toHaveTextContent(
      pickerCopy.network,
    );
    // Asked once more after the first failure, then said.
    expect(tries).toBe(2);
  });
});

describe("the picker as the times arrive", () => {
  it("names the call, its length and the zone while the times load, and keeps those elements when they come", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    answers = [
      async () => {
        await held;
        return { status: 200, body: { ...slotList().body, callMinutes: 45 } };
      },
    ];
    renderIn(<ThankYouBooking token="LEADtoken_0123456789ab" />);
    expect(screen.getByRole("status")).toHaveTextContent(pickerCopy.loading);
    const heading = screen.getByRole("heading", { name: pickerCopy.heading });
    const zone = screen.getByLabelText(pickerCopy.zoneLabel);
    // The default length until the list says otherwise (the prerendered page cannot know it).
    expect(screen.getByText(pickerCopy.intro(30))).toBeInTheDocument();
    expect(screen.getByRole("button", { name: pickerCopy.chooseFirst })).toBeDisabled();

    release();
    expect(await screen.findByRole("radiogroup", { name: "Times on Tuesday 4 March" })).toBeInTheDocument();
    expect(screen.getByText(pickerCopy.intro(45))).toBeInTheDocument();
    expect(screen.queryByRole("status")).toBeNull();
    expect(screen.getByRole("heading", { name: pickerCopy.heading })).toBe(heading);
    expect(screen.getByLabelText(pickerCopy.zoneLabel)).toBe(zone);
  });

  it("asks for the first day's style in the commit that shows it, once the day is no longer held", async () => {
    // What the picker asks of a time's computed style, and whether its day was still held then.
    const styled: { text: string; held: boolean }[] = [];
    const computed = window.getComputedStyle.bind(window);
    const spy = vi.spyOn(window, "getComputedStyle").mockImplementation((element, pseudo) => {
      if (element instanceof HTMLLabelElement && element.closest("[role=radiogroup]"))
        styled.push({
          text: element.textContent ?? "",
          held: element.closest('[class*="content-visibility:hidden"]') !== null,
        });
      return computed(element, pseudo);
    });
    try {
      renderIn(<ThankYouBooking token="LEADtoken_0123456789ab" />);
      await waitFor(() => expect(styled).not.toHaveLength(0));
      const group = screen.getByRole("radiogroup", { name: "Times on Tuesday 4 March" });
      const lastTime = within(group).getAllByRole("radio").at(-1)!.closest("label")!;
      expect(styled[0]).toEqual({ text: lastTime.textContent, held: false });
    } finally {
      spy.mockRestore();
    }
  });
});

describe("the booking form of /book", () => {
  it("shows the details while the times load and after a failed load; a field being typed in keeps its text and focus as the times arrive", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const unavailable = () => ({ status: 503, body: { message: callsFunctionCopy.messages.unavailable } });
    answers = [
      unavailable,
      unavailable,
      async () => {
        await held;
        return slotList();
      },
    ];
    const user = renderIn(<BookForm />);
    // From the first render, above the times' skeleton (the prerendered page has them too).
    expect(screen.getByLabelText(/Full name/)).toBeInTheDocument();
    expect(screen.getByRole("status")).toHaveTextContent(pickerCopy.loading);

    // The times fail to load (twice: a failure on the way is asked again once): the details stay,
    // with what was typed.
    const alert = await screen.findByRole("alert", undefined, { timeout: RETRY_AFTER_MS + 3000 });
    expect(alert).toHaveTextContent(callsFunctionCopy.messages.unavailable);
    const name = screen.getByLabelText(/Full name/);
    await user.type(name, "Amaka");
    await user.click(within(alert).getByRole("button", { name: pickerCopy.failed.retry }));
    expect(await screen.findByRole("status")).toHaveTextContent(pickerCopy.loading);

    // Typing while they load again; they arrive mid-word.
    await user.click(name);
    await user.type(name, " Oka");
    release();
    expect(await screen.findByRole("radiogroup", { name: /^Times on / })).toBeInTheDocument();
    await user.keyboard("for");
    expect(screen.getByLabelText(/Full name/)).toBe(name);
    expect(name).toHaveFocus();
    expect(name).toHaveValue("Amaka Okafor");
  });

  it("keeps what was typed into the prerendered fields before the form hydrated, through the times' arrival and into the booking", async () => {
    const page = (
      <MemoryRouter>
        <BookForm />
      </MemoryRouter>
    );
    const container = document.createElement("div");
    container.innerHTML = renderToString(page);
    document.body.append(container);
    // A slow phone: the visitor types while the form's code is still on its way. Only the DOM knows.
    const typed = { "book-name": "Amaka Okafor", "book-email": "amaka@example.com", "book-phone": "+234 803 000 0000" };
    for (const [id, value] of Object.entries(typed)) container.querySelector<HTMLInputElement>(`#${id}`)!.value = value;
    const root = await act(async () => hydrateRoot(container, page));
    const user = userEvent.setup();
    await chooseLagos(user);
    await user.click(await screen.findByRole("radio", { name: /^09:00/ }));
    for (const [id, value] of Object.entries(typed)) expect(container.querySelector(`#${id}`)).toHaveValue(value);
    await user.click(screen.getByRole("button", { name: /^Book / }));
    await waitFor(() => expect(sent.some((request) => request.method === "POST")).toBe(true));
    expect(sent.find((request) => request.method === "POST")?.body).toMatchObject({
      name: "Amaka Okafor",
      email: "amaka@example.com",
      phone: "+234 803 000 0000",
    });
    act(() => root.unmount());
    container.remove();
  });

  it("hydrates /book with the times the server rendered it with: in the page from the first paint, not asked for again, and written again in the visitor's zone", async () => {
    // The server's render (src/server/blog.ts): the times of a phone call, their first days in Lagos.
    const list = slotList(SLOTS, { kind: "phone", label: "Phone call" }).body as SlotList;
    const { page, container } = servedBook(list);
    const served = within(container);
    expect(served.getByRole("radiogroup", { name: "Times on Tuesday 4 March" })).toBeInTheDocument();
    expect(served.getAllByRole("radio").map((radio) => radio.getAttribute("aria-label"))).toEqual(["09:00", "09:30"]);
    expect(served.getByText(bookCopy.phoneHint)).toBeInTheDocument();
    expect(container.textContent).not.toContain(pickerCopy.loading);

    // A visitor in New York: their browser reports its zone once the page has hydrated.
    const reported = Intl.DateTimeFormat.prototype.resolvedOptions;
    const zone = vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...reported.call(this), timeZone: "America/New_York" };
    });
    const errors = vi.spyOn(console, "error");
    const firstTime = container.querySelector('input[name="slot"]');
    try {
      const root = await act(async () => hydrateRoot(container, page));
      const tuesday = await screen.findByRole("radiogroup", { name: "Times on Tuesday 4 March" });
      await waitFor(() => expect(within(tuesday).getByRole("radio", { name: "03:00 (09:00 Lagos)" })).toBe(firstTime));
      expect(screen.getByLabelText(pickerCopy.zoneLabel)).toHaveValue("America/New_York");
      expect(sent.filter((request) => request.url.includes("view=slots"))).toEqual([]);
      expect(errors).not.toHaveBeenCalled();

      // The visitor books from the server's list.
      const user = userEvent.setup();
      await user.type(screen.getByLabelText(/Full name/), "Amaka Okafor");
      await user.type(screen.getByLabelText(/Email/), "amaka@example.com");
      await user.type(screen.getByLabelText(/Phone/), "+234 803 000 0000");
      await user.click(within(tuesday).getByRole("radio", { name: "03:30 (09:30 Lagos)" }));
      await user.click(screen.getByRole("button", { name: /^Book / }));
      await waitFor(() => expect(sent.some((request) => request.method === "POST")).toBe(true));
      expect(sent.find((request) => request.method === "POST")?.body).toMatchObject({
        start: SLOTS[1],
        timeZone: "America/New_York",
      });
      act(() => root.unmount());
    } finally {
      zone.mockRestore();
      errors.mockRestore();
      container.remove();
    }
  });

  it("draws the call's place with its times, in the same render", async () => {
    // The place (a phone call: the number is asked for) comes with the times. Set in a render of its
    // own, outside the times' transition, it was a render of the whole form React does not slice, and
    // for a moment the form asked for the number beside a list still loading.
    fallback = () => slotList(SLOTS, { kind: "phone", label: "Phone call" });
    const states: string[] = [];
    const observer = new MutationObserver(() => {
      const text = document.body.textContent ?? "";
      states.push(
        `${text.includes(bookCopy.phoneHint) ? "hint" : "no hint"}, ${text.includes(pickerCopy.loading) ? "loading" : "times"}`,
      );
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
    renderIn(<BookForm />);
    expect(await screen.findByText(bookCopy.phoneHint)).toBeInTheDocument();
    observer.disconnect();
    expect(states).toContain("no hint, loading");
    expect(states).not.toContain("hint, loading");
    expect(states.at(-1)).toBe("hint, times");
  });

  it("checks the details with the contact form's rules, keeps what was typed, and shows a refused field beside it", async () => {
    fallback = () => slotList(SLOTS, { kind: "phone", label: "Phone call" });
    const user = renderIn(<BookForm />);
    await chooseLagos(user);
    const name = screen.getByLabelText(/Full name/);
    const email = screen.getByLabelText(/Email address/);
    await user.type(name, "Amaka Okafor");
    await user.type(email, "amaka-at-example");
    await user.click(screen.getByRole("radio", { name: /^09:00/ }));
    await user.click(screen.getByRole("button", { name: /^Book / }));
    expect(email).toHaveAccessibleDescription(/valid email address/);
    expect(email).toHaveFocus();

    // The agency calls by phone: the number is required.
    await user.clear(email);
    await user.type(email, "amaka@example.ng");
    await user.click(screen.getByRole("button", { name: /^Book / }));
    const phone = screen.getByLabelText(/Phone number/);
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(callsFunctionCopy.messages.phoneRequired));
    expect(phone).toHaveFocus();

    // The server refuses the number: shown beside it, nothing typed is lost.
    await user.type(phone, "0803 555 0100");
    answers = [() => ({ status: 400, body: { message: "Please check the phone number.", field: "phone" } })];
    await user.click(screen.getByRole("button", { name: /^Book / }));
    expect(await screen.findByText("Please check the phone number.")).toBeInTheDocument();
    expect(name).toHaveValue("Amaka Okafor");
    expect(email).toHaveValue("amaka@example.ng");
    expect(phone).toHaveValue("0803 555 0100");

    // Booked as a hold: no manage token until the e-mail's link confirms it.
    answers = [
      () => {
        const hold = booked(SLOTS[0]!, { kind: "phone", label: "Phone call" });
        const { manageToken: _none, ...booking } = hold.body.booking;
        return { ...hold, body: { booking: { ...booking, holdExpiresAt: "2031-03-03T07:15:00.000Z" } } };
      },
    ];
    await user.click(screen.getByRole("button", { name: /^Book / }));
    expect(await screen.findByText("Check your e-mail to confirm within 15 minutes")).toBeInTheDocument();
    expect(screen.getByText(/We are holding Tuesday 4 March, 09:00 for you/)).toBeInTheDocument();
    expect(sent.at(-1)?.body).toMatchObject({
      start: SLOTS[0],
      timeZone: LAGOS,
      name: "Amaka Okafor",
      email: "amaka@example.ng",
      phone: "0803 555 0100",
      website: "",
    });
    expect(typeof sent.at(-1)?.body?.elapsedMs).toBe("number");
    // The page solved the challenge it was given, and sent the solution with the booking.
    const solution = JSON.parse(atob(String(sent.at(-1)?.body?.challenge))) as { number: number; signature: string };
    expect(solution.signature).toBe((challenge as { signature: string }).signature);
  });
});

describe("the booking's page", () => {
  it("says a dead link is no longer valid and offers to book again", async () => {
    // The booking is read by a POST of its token, beside the slots' GET: answered by what is asked.
    fallback = (request) =>
      request.body?.action === "view"
        ? { status: 404, body: { message: "This link is no longer valid." } }
        : slotList();
    renderIn(<ManageCall token="DEADtoken_0123456789ab" />);
    expect(await screen.findByRole("heading", { name: "This link is no longer valid." })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book a new call" })).toHaveAttribute("href", "/book");
  });

  it("moves the call without offering its own time, then cancels it with a note after a second tap", async () => {
    const current = { booking: { ...booked(SLOTS[0]!).body.booking, manageToken: undefined } };
    fallback = (request) => (request.body?.action === "view" ? { status: 200, body: current } : slotList());
    const user = renderIn(<ManageCall token="LIVEtoken_0123456789ab" />);
    expect(await screen.findByText("You're booked in for Tuesday 4 March, 09:00 (Lagos time)")).toBeInTheDocument();
    // The token went in the body, not the address.
    const view = sent.find((request) => request.body?.action === "view")!;
    expect(view).toMatchObject({ method: "POST", url: "/api/calls", body: { token: "LIVEtoken_0123456789ab" } });

    await user.click(screen.getByRole("button", { name: "Reschedule" }));
    await chooseLagos(user);
    expect(screen.queryByRole("radio", { name: /^09:00/ })).toBeNull();
    answers = [() => ({ status: 200, body: { booking: { ...current.booking, start: SLOTS[1], sequence: 1 } } })];
    await user.click(screen.getByRole("radio", { name: /^09:30/ }));
    await user.click(screen.getByRole("button", { name: "Book Tuesday 4 March, 09:30" }));
    expect(await screen.findByText("Your call has been moved.")).toBeInTheDocument();
    expect(sent.at(-1)?.body).toEqual({
      action: "reschedule",
      token: "LIVEtoken_0123456789ab",
      start: SLOTS[1],
      timeZone: LAGOS,
    });

    await user.click(screen.getByRole("button", { name: "Cancel the call" }));
    await user.type(screen.getByLabelText(/Anything you'd like us to know/), "Travelling that week");
    answers = [() => ({ status: 200, body: { booking: { ...current.booking, status: "cancelled" } } })];
    await user.click(screen.getByRole("button", { name: "Yes, cancel the call" }));
    expect(await screen.findByRole("heading", { name: /Your call is cancelled/ })).toBeInTheDocument();
    expect(sent.at(-1)?.body).toEqual({
      action: "cancel",
      token: "LIVEtoken_0123456789ab",
      note: "Travelling that week",
    });
  });
});
