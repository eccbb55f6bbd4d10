import { QueryClientProvider, useQuery, useQueryClient } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState, type ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AdminDataView } from "./DataStates";
import { createAdminQueryClient } from "./query-client";

/** A promise the test settles by hand, so each state can be looked at before the next one. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

type Request = ReturnType<typeof deferred<string[]>> & { query: string };

/** A screen that lists the names matching a query, loaded through a query keyed by it. */
function NamesScreen({ requests, placeholder }: { requests: Request[]; placeholder?: ReactNode }) {
  const [query, setQuery] = useState("a");
  const queryClient = useQueryClient();
  const names = useQuery({
    queryKey: ["names", query],
    queryFn: () => {
      const request = { ...deferred<string[]>(), query };
      requests.push(request);
      return request.promise;
    },
  });
  return (
    <>
      <button type="button" onClick={() => setQuery("b")}>
        Search b
      </button>
      <button
        type="button"
        onClick={() => queryClient.setQueryData<string[]>(["names", query], (list) => list?.slice(1))}
      >
        Remove first
      </button>
      <AdminDataView
        query={names}
        loading="Loading names..."
        placeholder={placeholder}
        error="The names could not be loaded."
        isEmpty={(list) => list.length === 0}
        empty={<p>No names yet.</p>}
      >
        {(list) => (
          <ul>
            {list.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        )}
      </AdminDataView>
    </>
  );
}

function renderScreen(requests: Request[], placeholder?: ReactNode) {
  const queryClient = createAdminQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <NamesScreen requests={requests} placeholder={placeholder} />
    </QueryClientProvider>,
  );
  return queryClient;
}

describe("AdminDataView with a query", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("shows the loading state, then the data, and applies a change made on the screen", async () => {
    const requests: Request[] = [];
    renderScreen(requests);
    expect(screen.getByRole("status")).toHaveTextContent("Loading names...");
    await act(async () => requests[0]!.resolve(["Ada", "Bola"]));
    expect((await screen.findAllByRole("listitem")).map((item) => item.textContent)).toEqual(["Ada", "Bola"]);
    expect(screen.queryByRole("status")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Remove first" }));
    await waitFor(() => expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Bola"]));
  });

  it("with a placeholder, shows it in the data's place while loading, says what is loading, then the data", async () => {
    const requests: Request[] = [];
    renderScreen(requests, <p>Names will be here</p>);
    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Loading names...");
    // The label is read out, not shown: the placeholder stands where the data will.
    expect(screen.getByText("Loading names...")).toHaveClass("sr-only");
    expect(status).toContainElement(screen.getByText("Names will be here"));
    await act(async () => requests[0]!.resolve(["Ada"]));
    expect(await screen.findByRole("listitem")).toHaveTextContent("Ada");
    expect(screen.queryByText("Names will be here")).not.toBeInTheDocument();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
  });

  it("shows the empty message when there is nothing to show", async () => {
    const requests: Request[] = [];
    renderScreen(requests);
    await act(async () => requests[0]!.resolve([]));
    expect(await screen.findByText("No names yet.")).toBeInTheDocument();
    expect(screen.queryByRole("list")).not.toBeInTheDocument();
  });

  it("says what failed and loads again on 'Try again'", async () => {
    const requests: Request[] = [];
    renderScreen(requests);
    await act(async () => requests[0]!.reject(new Error("offline")));
    expect(await screen.findByRole("alert")).toHaveTextContent("The names could not be loaded.");

    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(requests).toHaveLength(2);
    expect(await screen.findByRole("status")).toHaveTextContent("Loading names...");
    await act(async () => requests[1]!.resolve(["Chidi"]));
    expect(await screen.findByRole("listitem")).toHaveTextContent("Chidi");
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("loads again when its key changes, and never shows an answer to the old key", async () => {
    const requests: Request[] = [];
    const queryClient = renderScreen(requests);
    await userEvent.click(screen.getByRole("button", { name: "Search b" }));
    await waitFor(() => expect(requests.map((request) => request.query)).toEqual(["a", "b"]));

    await act(async () => requests[1]!.resolve(["Bola"]));
    await act(async () => requests[0]!.resolve(["Ada"]));
    expect(await screen.findByRole("listitem")).toHaveTextContent("Bola");
    // The old key's answer has arrived (it is cached under its own key), and the screen still shows the new one.
    await waitFor(() => expect(queryClient.getQueryData(["names", "a"])).toEqual(["Ada"]));
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["Bola"]);
  });
});
